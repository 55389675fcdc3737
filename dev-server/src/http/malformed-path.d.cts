import type { RequestHandler } from 'express';
export declare function isMalformedPath(url: string): boolean;
export declare function rejectMalformedPaths(notFound: RequestHandler): RequestHandler;
