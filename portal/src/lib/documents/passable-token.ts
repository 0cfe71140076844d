import { z } from 'zod';
import { api } from '../api-client';

/** `GET /api/PassableToken/GetPassableToken`: a single-use token for a call a new window makes. */
export function getPassableToken() {
  return api.get('api/PassableToken/GetPassableToken', z.string(), { text: true });
}
