// The public face of reviews on the web: a completed deal's reviews (on /deals), a business's
// average and count (its card and profile) and its published reviews (its profile).
export { BusinessReviews, DealReviews } from './components/lazy';
export { RatingSummary } from './components/rating-summary';
