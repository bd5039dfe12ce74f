import base from '/work/main/e2e/playwright.config';
import { defineConfig } from '@playwright/test';
export default defineConfig({ ...base, testDir: '/work/main/e2e', testMatch: '.tmp-shot.spec.ts', webServer: undefined, use: { ...base.use, baseURL: 'http://127.0.0.1:3401' } });
