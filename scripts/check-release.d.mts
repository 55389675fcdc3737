import type { RemoteApp } from './apps.mjs';
export interface SharedFact {
  name: string;
  version?: string;
  requiredVersion?: string | false;
  singleton: boolean;
}
export interface RemoteRef {
  dir: string;
  name: string;
}
export interface RemoteResult {
  remote: string;
  problems: string[];
}
export interface TypesResult extends RemoteResult {
  exposes: string[];
}
export declare const ROOT: string;
export declare function packageOf(name: string): string;
export declare function shellShared(root?: string): SharedFact[];
export declare function compareShared(shell: SharedFact[], remoteShared: Array<Partial<SharedFact> & { name: string }>): string[];
export declare function checkShared(options?: { root?: string; remotes?: RemoteRef[]; shell?: SharedFact[] }): RemoteResult[];
export declare function typecheckRemote(options: { root?: string; remote: RemoteRef; workDir?: string }): Promise<TypesResult>;
export declare function checkRelease(options?: {
  root?: string;
  remotes?: RemoteRef[] | RemoteApp[];
  shell?: SharedFact[];
  types?: boolean;
}): Promise<{ ok: boolean; shared: RemoteResult[]; types: TypesResult[]; lines: string[] }>;
