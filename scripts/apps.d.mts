export interface RemoteApp {
  dir: string;
  name: 'paywall' | 'library' | 'store' | 'video' | 'visualLibrary';
  port: number;
  env: string;
}
export declare const SHELL: { dir: string; name: string };
export declare const REMOTES: RemoteApp[];
