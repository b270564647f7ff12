CREATE TABLE "legacy_folder_chats" (
	"owner_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"chat_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "legacy_folder_chats_owner_id_project_id_chat_id_pk" PRIMARY KEY("owner_id","project_id","chat_id")
);
--> statement-breakpoint
CREATE TABLE "legacy_folders" (
	"owner_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_folders_owner_id_project_id_pk" PRIMARY KEY("owner_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "legacy_folder_chats" ADD CONSTRAINT "legacy_folder_chats_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_folder_chats" ADD CONSTRAINT "legacy_folder_chats_folder_fk" FOREIGN KEY ("owner_id","project_id") REFERENCES "public"."legacy_folders"("owner_id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_folders" ADD CONSTRAINT "legacy_folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legacy_folder_chats_chat_idx" ON "legacy_folder_chats" USING btree ("chat_id");