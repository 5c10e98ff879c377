/** The envelope of every API answer. */
export type ApiSuccess<T> = { success: true; data: T };
/** `field`: the input the error is about, when it is about one (a form shows the error under it). */
export type ApiFailure = { success: false; error: string; field?: string };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** An upload's answer: the spec's url, plus the media library id and the intrinsic size (null for a video). */
export type UploadResult = { url: string; id: string; width: number | null; height: number | null };
/** POST /api/upload/image answers with the url at the top level too. */
export type ImageUploadResponse = ApiSuccess<UploadResult> & { url: string; message: string };
export type MultiUploadResult = { urls: string[]; files: UploadResult[] };
