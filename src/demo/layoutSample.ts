// Its own module with no imports, so the browser tests that look for these names can import it without the app.
/** What the layout sample writes: names as long as real ones get, so a phone's layout is tried with them. */
export const LAYOUT_SAMPLE = {
  nickname: 'Maximiliane Alexandra von Hohenzollern-Sigmaringen',
  keyName: 'Production image pipeline for the Frankfurt storefront (staging mirror)',
  discordUsername: 'the_extraordinarily_long_discord_handle',
} as const;
