// The player site's wording of the server's refusals (locales/en.json), for the message keys the back office does
// not word itself: only these two sections reach the bundle.
export { errors, validation } from '../../../../locales/en.json';
