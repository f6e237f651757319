CREATE TABLE `hosted_tournaments` (
	`tournament_id` integer PRIMARY KEY NOT NULL,
	`level` text DEFAULT 'open' NOT NULL,
	`venue_name` text NOT NULL,
	`venue_address` text NOT NULL,
	`rules` text NOT NULL,
	`requirements` text NOT NULL,
	`winner_split` integer NOT NULL,
	`charity_split` integer NOT NULL,
	`wta_split` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "hosted_tournaments_splits" CHECK("hosted_tournaments"."winner_split" between 0 and 100 and "hosted_tournaments"."charity_split" between 0 and 100 and "hosted_tournaments"."wta_split" between 0 and 100 and "hosted_tournaments"."winner_split" + "hosted_tournaments"."charity_split" + "hosted_tournaments"."wta_split" = 100)
);
--> statement-breakpoint
CREATE INDEX `tournaments_host_idx` ON `tournaments` (`host_id`,`id`);