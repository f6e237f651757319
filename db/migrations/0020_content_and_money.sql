ALTER TABLE `sponsors` ADD `status` text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `reviewed_at` integer;--> statement-breakpoint
CREATE INDEX `sponsors_status_idx` ON `sponsors` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`,`id`);--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- HAND-WRITTEN (issue 14, content): blog_posts.published_at becomes nullable (null = draft / unpublished, D24) and
-- gains created_at and updated_at. drizzle-kit's turso dialect writes this as `ALTER COLUMN` after dropping and
-- re-creating EVERY index of the database, then `ADD` with an expression default, which SQLite refuses in ALTER
-- TABLE. SQLite's own way instead: rebuild the one table, copying the rows (an existing post was published, so it was
-- created and last changed when it was published). Nothing references blog_posts, so the drop is safe.
-- The snapshot (meta/0020_snapshot.json) describes the same end state.
-- ---------------------------------------------------------------------------------------------------------------
CREATE TABLE `__new_blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`body` text NOT NULL,
	`category` text,
	`cover_image_url` text,
	`author_id` text,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_blog_posts` (`id`, `slug`, `title`, `excerpt`, `body`, `category`, `cover_image_url`, `author_id`, `published_at`, `created_at`, `updated_at`)
SELECT `id`, `slug`, `title`, `excerpt`, `body`, `category`, `cover_image_url`, `author_id`, `published_at`, `published_at`, `published_at` FROM `blog_posts`;
--> statement-breakpoint
DROP TABLE `blog_posts`;--> statement-breakpoint
ALTER TABLE `__new_blog_posts` RENAME TO `blog_posts`;--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`published_at`);
