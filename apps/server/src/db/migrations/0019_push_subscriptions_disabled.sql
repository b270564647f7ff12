-- A subscription whose push service said it is gone, or whose address is no longer allowed, is
-- turned off instead of deleted: its owner sees it as before (no answer of the endpoint shows).
ALTER TABLE "push_subscriptions" ADD COLUMN "disabled_at" timestamp with time zone;