// The player site's Bengali wording of the server's refusals (locales/bn.json), for the message keys the back office
// does not word itself: only these two sections reach the chunk.
export { errors, validation } from '../../../../locales/bn.json';
