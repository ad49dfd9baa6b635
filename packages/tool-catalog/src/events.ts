// What the catalog reports about sources it could not fully use. Messages carry ids, error codes and
// counts only: never request data, headers or result content.

export type CatalogEventCode =
  | 'server-skipped'
  | 'page-cap'
  | 'tool-cap'
  | 'tool-malformed'
  | 'duplicate-tool'
  | 'schema-omitted';

export interface CatalogEvent {
  level: 'info' | 'warn';
  code: CatalogEventCode;
  message: string;
  serverId?: string;
  toolId?: string;
}
