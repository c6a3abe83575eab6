import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/member-profile.ts, as plain data the browser imports without the schema
 * library (`import * as memberProfileRoutes from '@tessera/contract/routes/member-profile'`; unused routes drop out of the bundle).
 */

export const setNickname = {
  id: 'member.nickname',
  method: 'POST',
  path: '/wps/member/nickname',
  auth: 'token',
} as const satisfies CallRoute;

export const setLanguage = {
  id: 'member.language',
  method: 'POST',
  path: '/wps/member/language',
  auth: 'token',
} as const satisfies CallRoute;

export const getProfile = {
  id: 'member.profile',
  method: 'GET',
  path: '/wps/member/profile',
  auth: 'token',
} as const satisfies CallRoute;

export const updateProfile = {
  id: 'member.profile-update',
  method: 'PUT',
  path: '/wps/member/profile',
  auth: 'token',
} as const satisfies CallRoute;

export const chooseAvatar = {
  id: 'member.avatar-choose',
  method: 'POST',
  path: '/wps/member/avatar',
  auth: 'token',
} as const satisfies CallRoute;

export const uploadAvatar = {
  id: 'member.avatar-upload',
  method: 'PUT',
  path: '/wps/member/avatar',
  auth: 'token',
} as const satisfies CallRoute;
