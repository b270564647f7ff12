-- Reporting a review (modules/reports) and an operator's decision that takes it down
-- (modules/moderation, kind 'remove_review'): a report names the review and its part (the
-- client's words or the business's reply); the review keeps when either was taken down, so it
-- is never shown again, and an appeal decided in the author's favour brings it back.
ALTER TABLE "moderation_decisions" ADD COLUMN "subject_review_id" uuid;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD COLUMN "subject_review_part" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subject_review_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subject_review_part" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_removed_at" timestamp with time zone;
