import { SYSTEM_STATUS, type SystemStatus } from '@tessera/contract/api/system';
import type { Maintenance, Settings } from '@tessera/contract/settings';
import { decideAccess } from '../region/access-policy.js';

/** Maintenance set with an end time lifts itself at that time; without one it lasts until switched off. */
export function isUnderMaintenance(maintenance: Maintenance, nowMs: number): boolean {
  return maintenance.enabled && (maintenance.endAt === null || maintenance.endAt > nowMs);
}

/** Spec §4 and original-platform §4: status = maintenance ? 1 : regionRestriction ? 2 : 0. */
export function systemStatus(
  settings: Settings,
  ip: string,
  countryOf: (ip: string) => string | null,
  nowMs: number,
): SystemStatus {
  const maintenance = isUnderMaintenance(settings.maintenance, nowMs);
  const access = decideAccess(ip, settings.region, countryOf);
  const status = maintenance ? SYSTEM_STATUS.maintenance : access.restricted ? SYSTEM_STATUS.restricted : SYSTEM_STATUS.normal;
  return {
    status,
    maintenance,
    maintenanceEnd: maintenance ? settings.maintenance.endAt : null,
    regionRestriction: access.restricted,
    location: { ip, country: access.country },
    info: {
      mainDomain: settings.domainRoutes.find((route) => route.isMain)?.domain ?? null,
      whitelabel: settings.whitelabel,
      resources: settings.resources,
      customerService: settings.customerService,
      analytics: settings.analytics,
      imageCDNs: settings.cdns.imageCDNs,
      launchGameCDNs: settings.cdns.launchGameCDNs,
      domainRoute: settings.domainRoutes,
    },
    product: settings.product,
  };
}
