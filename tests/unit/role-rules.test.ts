import { describe, expect, it } from 'vitest';
import { effectiveFeatures, FEATURE_NAMES, hasFeature, Package, salesUserMayUse } from '~/lib/features';
import { visibleNavGroups } from '~/lib/nav';
import { featureDenial } from '~/server/services/organizations/policy';
import type { Viewer } from '~/server/viewer.server';

const viewer = (sales: boolean): Viewer => ({
  userId: 'u',
  email: 'e@test.example',
  firstName: 'E',
  lastName: 'M',
  isStaff: false,
  defaultLanguage: 'EN',
  organization: { id: 'o', name: 'O', slug: 'o' },
  role: sales ? 'sales' : 'admin',
  isOwner: false,
  sales,
  features: effectiveFeatures(Package.BASIC | Package.EVENT | Package.SALES, sales),
  organizations: [],
});

describe('what a sales user may open: one rule', () => {
  it('leads, sales hub, lead tracking and the DLG look; nothing of the admin set-up', () => {
    expect(FEATURE_NAMES.filter(salesUserMayUse)).toEqual(['lead', 'salesHub', 'leadTracking', 'dlg']);
  });

  it('the guard, the sidebar and the notice agree with it', () => {
    const suites = Package.BASIC | Package.EVENT | Package.SALES;
    const sales = viewer(true);
    for (const feature of FEATURE_NAMES) {
      expect(hasFeature(sales.features, feature)).toBe(hasFeature(suites, feature) && salesUserMayUse(feature));
      if (hasFeature(suites, feature) && !salesUserMayUse(feature)) expect(featureDenial(sales, suites, feature)).toBe('role');
    }
    // not booked stays "not booked", for a sales user too
    expect(featureDenial(sales, suites, 'platformAdmin')).toBe('suite');
    expect(featureDenial(viewer(false), suites, 'platformAdmin')).toBe('suite');
    const items = visibleNavGroups({ features: sales.features, sales: true }).flatMap((g) => g.items);
    expect(items.every((item) => !item.feature || salesUserMayUse(item.feature))).toBe(true);
  });
});
