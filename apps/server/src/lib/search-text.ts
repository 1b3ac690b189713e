/**
 * The one normalisation of search text (CONTRACT 6.2, decision 0025) lives in the contract
 * (`packages/contract/src/search-text.ts`), so that the web's lists mark the words a search matched
 * by the very rules the index was written with; the server's modules keep importing it from here.
 */
export { type SearchTerm, searchDocument, searchTerms, searchWords, WORD_MAX } from '@bit/contract';
