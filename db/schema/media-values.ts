// Plain values of the Media Day tables (D25), kept apart from drizzle so the screens' forms can import them.

/** 001 s5 (the fuller form): the sports a member picks from. */
export const mediaDaySports = ['basketball', 'football', 'kickball', 'volleyball', 'soccer', 'softball'] as const;
/** 001 s9: morning (9-12), afternoon (12-3), evening (3-6), flexible. */
export const arrivalTimes = ['morning', 'afternoon', 'evening', 'flexible'] as const;
