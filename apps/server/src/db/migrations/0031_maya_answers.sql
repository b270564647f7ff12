-- Maya answering quote requests for a business (modules/negotiation): the negotiations she
-- answers (active, handed over with the reason, or closed), her log for the business, and the
-- mark on a chat message she wrote for the business.
CREATE TABLE "maya_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deal_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"rule" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"act" jsonb NOT NULL,
	"check" jsonb NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maya_negotiations" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"service_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "by_assistant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "maya_log" ADD CONSTRAINT "maya_log_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maya_negotiations" ADD CONSTRAINT "maya_negotiations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maya_negotiations" ADD CONSTRAINT "maya_negotiations_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maya_negotiations" ADD CONSTRAINT "maya_negotiations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maya_log_deal_idx" ON "maya_log" USING btree ("deal_id","at");--> statement-breakpoint
CREATE INDEX "maya_negotiations_chat_idx" ON "maya_negotiations" USING btree ("chat_id","status");--> statement-breakpoint
CREATE INDEX "maya_negotiations_pair_idx" ON "maya_negotiations" USING btree ("business_id","buyer_id","service_id","started_at");