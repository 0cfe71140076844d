/*
 * A plain fetcher, without query options, on purpose: the token is single-use and is asked for
 * inside the functions that build a document's, statement's or ACH draft's view address, right
 * before a new window opens (statementDocumentUrl, achDraftDocumentUrl, documentViewUrl). It must
 * never be cached, shared or refetched in the background, which is all that query options add.
 */
import { z } from 'zod';
import { api } from '../api-client';

/** `GET /api/PassableToken/GetPassableToken`: a single-use token for a call a new window makes. */
export function getPassableToken() {
  return api.get('api/PassableToken/GetPassableToken', z.string(), { text: true });
}
