-- Maya for the buyer (modules/briefs): a buyer's confirmed brief, and the businesses it named,
-- each asked (its deal) or skipped with the reason.
CREATE TABLE "brief_businesses" (
	"brief_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"deal_id" uuid,
	"skipped" text,
	CONSTRAINT "brief_businesses_brief_id_business_id_pk" PRIMARY KEY("brief_id","business_id"),
	CONSTRAINT "brief_businesses_outcome" CHECK (("brief_businesses"."deal_id" is null) <> ("brief_businesses"."skipped" is null))
);
--> statement-breakpoint
CREATE TABLE "briefs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"need" text NOT NULL,
	"when_from" date NOT NULL,
	"when_to" date NOT NULL,
	"where_text" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"budget_amount" integer,
	"currency" text NOT NULL,
	"wanted" jsonb NOT NULL,
	"priority" text NOT NULL,
	"chosen" jsonb NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "briefs_client_id_key" UNIQUE("buyer_id","client_id"),
	CONSTRAINT "briefs_window" CHECK ("briefs"."when_from" <= "briefs"."when_to")
);
--> statement-breakpoint
ALTER TABLE "brief_businesses" ADD CONSTRAINT "brief_businesses_brief_id_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_businesses" ADD CONSTRAINT "brief_businesses_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_businesses" ADD CONSTRAINT "brief_businesses_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brief_businesses_deal_idx" ON "brief_businesses" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "briefs_buyer_idx" ON "briefs" USING btree ("buyer_id","created_at");