-- One browser's device tokens share a browser id (modules/auth, known devices), so two accounts
-- signed in on one browser are known to share it: a review between them waits for an operator
-- (modules/reviews). Tokens written before stay without one and link nothing.
ALTER TABLE "known_devices" ADD COLUMN "browser_id" uuid;--> statement-breakpoint
CREATE INDEX "known_devices_browser_idx" ON "known_devices" USING btree ("browser_id");
