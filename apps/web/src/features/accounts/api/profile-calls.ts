import { queryOptions } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@tessera/contract/api/member-profile';
import { AVATAR_UPLOAD_FIELD, type BuiltInAvatar } from '@tessera/contract/avatar-limits';
import * as memberProfileRoutes from '@tessera/contract/routes/member-profile';
import { apiRequest, apiUpload } from '../../../lib/api-client';

/** `POST /wps/member/nickname`: the first-login step's nickname (unique in the merchant). */
export const setNickname = (nickname: string) => apiRequest(memberProfileRoutes.setNickname, { body: { nickname } });

/** `POST /wps/member/language`: the language the logged-in member just chose. */
export const setLanguage = (language: string) => apiRequest(memberProfileRoutes.setLanguage, { body: { language } });

/** The profile page's read; every change on the page answers the new profile, which replaces it. */
export const profileQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'profile'],
    queryFn: ({ signal }) => apiRequest(memberProfileRoutes.getProfile, { signal }),
  });

export const updateProfile = (body: UpdateProfileBody) => apiRequest(memberProfileRoutes.updateProfile, { body });

export const chooseAvatar = (avatar: BuiltInAvatar) => apiRequest(memberProfileRoutes.chooseAvatar, { body: { avatar } });

/** A custom picture, re-encoded by the server; `onProgress` follows the upload (0..1). */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append(AVATAR_UPLOAD_FIELD, file);
  return apiUpload(memberProfileRoutes.uploadAvatar, form, { onProgress });
}
