CREATE TABLE `forfeit_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`match_id` integer NOT NULL,
	`match_version` integer NOT NULL,
	`side` text NOT NULL,
	`claimant_id` text,
	`claimed_at` integer NOT NULL,
	`state` text NOT NULL,
	`decided_by_id` text,
	`decided_at` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`claimant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `forfeit_claims_pending_uq` ON `forfeit_claims` (`match_id`) WHERE "forfeit_claims"."state" = 'pending';--> statement-breakpoint
CREATE INDEX `forfeit_claims_tournament_idx` ON `forfeit_claims` (`tournament_id`,`match_id`);--> statement-breakpoint
ALTER TABLE `tournaments` ADD `courts` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `no_show_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `court` text;--> statement-breakpoint
ALTER TABLE `matches` ADD `called_at` integer;--> statement-breakpoint
ALTER TABLE `matches` ADD `arrived_a_at` integer;--> statement-breakpoint
ALTER TABLE `matches` ADD `arrived_b_at` integer;