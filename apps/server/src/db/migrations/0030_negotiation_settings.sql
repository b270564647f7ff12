-- Maya answering for a business (modules/negotiation): its choices, one row per business, and the
-- services she may offer with their floor and keep-back. The floor is read only by the business's
-- own settings and by Maya's strategy; a deleted service takes its limits with it.
CREATE TABLE "negotiation_service_limits" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"floor" integer NOT NULL,
	"keep_back" integer NOT NULL,
	CONSTRAINT "negotiation_service_limits_amounts" CHECK ("negotiation_service_limits"."floor" > 0 and "negotiation_service_limits"."keep_back" >= 0)
);
--> statement-breakpoint
CREATE TABLE "negotiation_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"answer_after_minutes" integer DEFAULT 10 NOT NULL,
	"at_once_when_offline" boolean DEFAULT true NOT NULL,
	"counter_limit" integer DEFAULT 3 NOT NULL,
	"blocked_dates" date[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negotiation_settings_delay" CHECK ("negotiation_settings"."answer_after_minutes" between 0 and 1440),
	CONSTRAINT "negotiation_settings_counters" CHECK ("negotiation_settings"."counter_limit" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "negotiation_service_limits" ADD CONSTRAINT "negotiation_service_limits_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_service_limits" ADD CONSTRAINT "negotiation_service_limits_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_settings" ADD CONSTRAINT "negotiation_settings_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "negotiation_service_limits_business_idx" ON "negotiation_service_limits" USING btree ("business_id");