CREATE INDEX `users_profile_image_idx` ON `users` (`profile_image_url`);--> statement-breakpoint
CREATE INDEX `teams_logo_idx` ON `teams` (`logo_url`);