CREATE TABLE "deal_versions" (
	"deal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"by" text NOT NULL,
	"title" text NOT NULL,
	"price_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"included" text NOT NULL,
	"when_from" date NOT NULL,
	"when_to" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	CONSTRAINT "deal_versions_deal_id_number_pk" PRIMARY KEY("deal_id","number"),
	CONSTRAINT "deal_versions_number_positive" CHECK ("deal_versions"."number" > 0),
	CONSTRAINT "deal_versions_price_positive" CHECK ("deal_versions"."price_amount" > 0),
	CONSTRAINT "deal_versions_window" CHECK ("deal_versions"."when_from" <= "deal_versions"."when_to")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chat_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"service_id" uuid,
	"status" text NOT NULL,
	"request" jsonb,
	"accepted_version" integer,
	"accepted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"problem_window_ends_at" timestamp with time zone,
	"problem_reason" text,
	"problem_reported_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deal_event" jsonb;--> statement-breakpoint
ALTER TABLE "deal_versions" ADD CONSTRAINT "deal_versions_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_buyer_updated_idx" ON "deals" USING btree ("buyer_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_seller_updated_idx" ON "deals" USING btree ("seller_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_chat_idx" ON "deals" USING btree ("chat_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_deal_event" CHECK (("messages"."deal_id" is null) = ("messages"."deal_event" is null));--> statement-breakpoint
-- A sent offer version never changes: an update is a new version. Deleting one goes with its
-- deal (an account's deletion, a chat's), never alone.
CREATE FUNCTION "deal_versions_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'deal_versions never change: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "deal_versions_no_update" BEFORE UPDATE ON "deal_versions" FOR EACH ROW EXECUTE FUNCTION "deal_versions_immutable"();
