import { SuccessResponse } from '#shared/schemas/common.ts';
import { BatchEnrichResponse } from '#shared/schemas/metadata.ts';
import {
  BatchDeleteResponse,
  BatchEditResponse,
  Song,
  SongListResponse,
  SongMetadataSearchResponse,
  ToggleVisibilityResponse,
  type BatchEditBody,
  type SongInput,
} from '#shared/schemas/song.ts';
import {
  CsvPreviewResponse,
  CsvUploadResponse,
  LstPreviewResponse,
  LstUploadResponse,
  PlaylistImportResponse,
  StarterPackResponse,
  type PlaylistImportBody,
} from '#shared/schemas/song-import.ts';
import { api } from '#client/lib/api-client.ts';
import { uploadFile } from './file-upload.ts';

const songPath = (id: string) => `/songs/${encodeURIComponent(id)}`;
const enrichQuery = (autoEnrich: boolean) => `?auto_enrich=${autoEnrich}`;

export const songsApi = {
  list: () => api.get('/songs?sort_by=popularity', SongListResponse),
  create: (song: SongInput) => api.post('/songs', Song, song),
  update: (id: string, song: SongInput) => api.put(songPath(id), Song, song),
  delete: (id: string) => api.delete(songPath(id), SuccessResponse),
  toggleVisibility: (id: string) =>
    api.put(`${songPath(id)}/toggle-visibility`, ToggleVisibilityResponse),
  batchEdit: (body: BatchEditBody) => api.put('/songs/batch-edit', BatchEditResponse, body),
  batchDelete: (songIds: readonly string[]) =>
    api.post('/songs/batch-delete', BatchDeleteResponse, { song_ids: songIds }),

  searchMetadata: (title: string, artist: string) =>
    api.post(
      `/songs/search-metadata?${new URLSearchParams({ title, artist })}`,
      SongMetadataSearchResponse,
    ),
  /** One round of Auto-fill All; `remaining` says whether to call again. */
  batchEnrich: () => api.post('/songs/batch-enrich', BatchEnrichResponse, {}),

  previewCsv: (file: File) => uploadFile('/songs/csv/preview', file, CsvPreviewResponse),
  uploadCsv: (file: File, autoEnrich: boolean) =>
    uploadFile(`/songs/csv/upload${enrichQuery(autoEnrich)}`, file, CsvUploadResponse),
  previewLst: (file: File) => uploadFile('/songs/lst/preview', file, LstPreviewResponse),
  uploadLst: (file: File, autoEnrich: boolean) =>
    uploadFile(`/songs/lst/upload${enrichQuery(autoEnrich)}`, file, LstUploadResponse),
  importPlaylist: (body: PlaylistImportBody) =>
    api.post('/songs/playlist/import', PlaylistImportResponse, body),
  addStarterPack: () => api.post('/songs/starter-pack', StarterPackResponse),
};

/** The sample CSV, served as a download (public). */
export const DEMO_CSV_URL = '/api/demo-csv';
