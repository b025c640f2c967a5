import { describe, it, expect } from 'vitest';
import { parseLocale } from '../../../../components/app/shared/localization.js';

describe('parseLocale', () => {
  it('reads every spelling of Chinese the elements read as Chinese as zh-Hans, so the page loads its font', () => {
    for (const text of ['zh', 'ZH', 'zh-Hans', 'zh-hans', 'zh-CN', 'zh_CN', 'zh-SG', 'zh-Hans-CN', 'zh-TW', 'zh-Hant', 'zh-HK', ' zh ']) {
      expect(parseLocale(text), text).toBe('zh-Hans');
    }
  });

  it('reads English as en, and anything else as no locale', () => {
    for (const text of ['en', 'EN', 'en-GB', 'en_US']) expect(parseLocale(text), text).toBe('en');
    for (const text of ['xx', 'klingon', '', 'zhx', 'chinese']) expect(parseLocale(text), text).toBeNull();
    expect(parseLocale(null)).toBeNull();
  });
});
