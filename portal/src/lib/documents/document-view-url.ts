import { getPassableToken } from './passable-token';

/**
 * `GET /api/Documents/ViewDocument?FileId&Name&PageNumber=1&FileFormat&token`: the address that
 * opens a document in a new window (a passable token stands in for the session header).
 */
export async function documentViewUrl(document: {
  FileId: string;
  Name: string;
  DisplayFormat: string;
}): Promise<string> {
  const token = await getPassableToken();
  const query = new URLSearchParams({
    FileId: document.FileId,
    Name: document.Name,
    PageNumber: '1',
    FileFormat: document.DisplayFormat,
    token,
  });
  return `api/Documents/ViewDocument?${query.toString()}`;
}
