// Vite builds the web app (src/web) and hosts Vitest. The web-shell issue fills in the plugins.
import { defineConfig } from 'vite'

export default defineConfig({})
