import axios from 'axios';
import { env } from '../config/env.js';
import { clientHeaders } from './headers.js';

// One shared axios instance for the Client API. Paths passed to it are relative,
// e.g. clientApi.post('/search', body).
export const clientApi = axios.create({
  baseURL: env.GLEAN_URL + '/rest/api/v1',
  timeout: 30_000,
  headers: clientHeaders(),
});

clientApi.interceptors.response.use(undefined, (error) => {
  if (axios.isAxiosError(error) && error.response?.status === 401) {
    console.error('Glean rejected the API token; check GLEAN_API_TOKEN');
  }
  return Promise.reject(error);
});
