/**
 * Everything the server browser shows only on demand (a row's forecast and timeline, the installation
 * guides, the Game Trends and Playing Now sections below the list) comes from this one chunk. One chunk, not one per feature: the dialog code they share would
 * otherwise become a third chunk and pull React out of the page's main file into extra requests.
 */
export { ForecastDetails, ServerTimelineBody } from './forecast-details.tsx';
export { GuideDialog } from './get-online-guides.tsx';
export { GameTrendsBody } from './game-trends.tsx';
export { PlayingNowBody } from './playing-now.tsx';
