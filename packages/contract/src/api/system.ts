import { type Static, Type } from 'typebox';
import * as routes from '../routes/system.js';
import {
  Analytics,
  Cdns,
  CustomerServiceEntry,
  DomainRoute,
  HelpItem,
  ProductConfig,
  RegisterRules,
  Resource,
  WhitelabelNode,
} from '../settings.js';
import { defineCall } from './call.js';

// Defined schema-free for the browser; the server takes them with the rest of the area from here.
export { SYSTEM_STATUS, type SystemStatusCode } from '../routes/system.js';

export const Location = Type.Object({
  ip: Type.String(),
  country: Type.Union([Type.String(), Type.Null()], { description: 'ISO country code, null when unknown' }),
});

export const SystemStatus = Type.Object({
  status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  maintenance: Type.Boolean(),
  maintenanceEnd: Type.Union([Type.Integer(), Type.Null()], { description: 'Epoch ms when maintenance ends, if known' }),
  regionRestriction: Type.Boolean(),
  location: Location,
  info: Type.Object({
    mainDomain: Type.Union([Type.String(), Type.Null()]),
    whitelabel: WhitelabelNode,
    resources: Type.Array(Resource),
    customerService: Type.Array(CustomerServiceEntry),
    analytics: Analytics,
    imageCDNs: Cdns.properties.imageCDNs,
    launchGameCDNs: Cdns.properties.launchGameCDNs,
    domainRoute: Type.Array(DomainRoute),
  }),
  product: ProductConfig,
});
export type SystemStatus = Static<typeof SystemStatus>;

export const getSystemStatus = defineCall(routes.getSystemStatus, {
  bypassesGate: true,
  tags: ['system'],
  summary: 'Site status (0 normal, 1 maintenance, 2 region restricted), location, site settings and product config',
  querystring: Type.Object({
    host: Type.Optional(Type.String({ maxLength: 253, description: 'The host the page was loaded from' })),
  }),
  value: SystemStatus,
});

export const getWhitelabel = defineCall(routes.getWhitelabel, {
  tags: ['system'],
  summary: 'The whitelabel feature tree that switches site features',
  value: WhitelabelNode,
});

export const getRegisterSettings = defineCall(routes.getRegisterSettings, {
  tags: ['system'],
  summary: 'Register validation rules by field: shown, required, acceptedPattern, patternId, minLength, maxLength',
  value: RegisterRules,
});

export const getDomainRoute = defineCall(routes.getDomainRoute, {
  tags: ['system'],
  summary: 'Domains this merchant serves (the client checks its own host against them)',
  value: Type.Object({ domainList: Type.Array(DomainRoute) }),
});

export const getHelpCenter = defineCall(routes.getHelpCenter, {
  tags: ['system'],
  summary: 'Help-centre items (title and HTML content by language)',
  value: Type.Array(HelpItem),
});

export const Health = Type.Object({ status: Type.String(), uptimeSeconds: Type.Number() });

export const getHealth = defineCall(routes.getHealth, {
  bypassesGate: true,
  tags: ['operations'],
  summary: 'Liveness: the process answers',
  value: Health,
});

export const getReady = defineCall(routes.getReady, {
  bypassesGate: true,
  tags: ['operations'],
  summary: 'Readiness: the database answers and migrations are applied',
  value: Health,
});

export const systemCalls = [getSystemStatus, getWhitelabel, getRegisterSettings, getDomainRoute, getHelpCenter];
export const opsCalls = [getHealth, getReady];
