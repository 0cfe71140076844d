/** The route's path of a hash-style address (`#/myaccount/loanDetails/1?x=1`): `/` when none. */
export function routePathOf(hash: string): string {
  return hash.replace(/^#/, '').split('?', 1)[0] || '/';
}
