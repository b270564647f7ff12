-- Saved businesses (modules/saved): a client keeps a business to come back to. The rows stay
-- while the business is hidden or behind a block, so it is listed again once visible; an
-- account's deletion deletes its rows either side, since the anonymised row is kept.
CREATE TABLE "saved_businesses" (
	"buyer_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_businesses_buyer_id_business_id_pk" PRIMARY KEY("buyer_id","business_id"),
	CONSTRAINT "saved_businesses_not_self" CHECK ("saved_businesses"."buyer_id" <> "saved_businesses"."business_id")
);
--> statement-breakpoint
ALTER TABLE "saved_businesses" ADD CONSTRAINT "saved_businesses_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_businesses" ADD CONSTRAINT "saved_businesses_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_businesses_buyer_saved_idx" ON "saved_businesses" USING btree ("buyer_id","saved_at","business_id");--> statement-breakpoint
CREATE INDEX "saved_businesses_business_idx" ON "saved_businesses" USING btree ("business_id");