/** Types for scripts/broker-files.mjs, for the end-to-end tests that import it. */
export const CONFIG_TEMPLATE: string;
export const RUN_DIR: string;
export const DEFAULT_SCREEN: string;
export const RECORDER_USER: 'recorder';
export const CONSOLE_WRITES: readonly string[];
export function tableName(given: string): string;
export function tableKey(name: string): string;
export function checkUserNames(tables: readonly string[], screens: readonly string[]): void;
export function aclText(screens?: readonly string[]): string;
export function configText(options: {
  mqttPort: number;
  wsPort: number;
  passwordFile: string;
  aclFile: string;
  persistenceDir: string;
}): string;
export function dataFolder(path: string): string;
export function generatePassword(): string;
export function findExecutable(name: string): string | null;
export function mosquittoPaths(): { mosquitto: string; mosquittoPasswd: string };
export function addUser(passwordFile: string, username: string, password: string): void;
export function pageUrl(base: string, params: Record<string, string | undefined>): string;
export function parseOptions(
  args: readonly string[],
  options?: { repeatable?: readonly string[]; flags?: readonly string[] },
): Record<string, string | string[] | true>;
export function freePort(): Promise<number>;
export function acceptsConnections(port: number): Promise<boolean>;
