CREATE TABLE `score_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`match_id` integer NOT NULL,
	`match_version` integer NOT NULL,
	`state` text NOT NULL,
	`side` text NOT NULL,
	`reporter_id` text,
	`score_a` integer NOT NULL,
	`score_b` integer NOT NULL,
	`reported_at` integer NOT NULL,
	`other_reporter_id` text,
	`other_score_a` integer,
	`other_score_b` integer,
	`other_reported_at` integer,
	`disputed_by_id` text,
	`disputed_at` integer,
	`confirms_at` integer,
	`confirmed_by_id` text,
	`closed_at` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`other_reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`disputed_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`confirmed_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `score_reports_open_uq` ON `score_reports` (`match_id`) WHERE "score_reports"."state" in ('pending', 'disputed');--> statement-breakpoint
CREATE INDEX `score_reports_tournament_idx` ON `score_reports` (`tournament_id`,`match_id`);--> statement-breakpoint
CREATE INDEX `score_reports_due_idx` ON `score_reports` (`confirms_at`) WHERE "score_reports"."state" = 'pending';