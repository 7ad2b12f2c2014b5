import type { Page } from 'playwright-core';

export declare const TIMEOUT: number;
export declare const ATTEMPT: number;
export declare function retry<T>(description: string, action: () => Promise<T>, timeoutMs?: number): Promise<T>;
export declare function runCommand(page: Page, title: string): Promise<void>;
