export interface SharedPackage {
  name: string;
  version?: string;
  requiredVersion?: string;
  singleton: boolean;
}
export declare function packageOf(name: string): string;
export declare function satisfies(version: string | undefined, range: string | undefined): boolean;
export declare function shellShared(root: string, shellDir?: string): SharedPackage[];
export declare function compareShared(
  shell: SharedPackage[],
  remoteShared: Array<{ name: string; version?: string; requiredVersion?: string; singleton?: boolean }>,
): string[];
