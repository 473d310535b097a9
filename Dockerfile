# Production image: the API (and, with another command, the worker) on an external Postgres.
FROM node:20-bookworm-slim AS ui
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm
WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY backend/requirements.lock backend/requirements.lock
RUN pip install --no-cache-dir -r backend/requirements.lock
COPY backend/ backend/
COPY db/ db/
RUN pip install --no-cache-dir --no-deps -e backend
COPY --from=ui /src/frontend/dist frontend/dist
RUN useradd --create-home continuum
USER continuum
EXPOSE 8000
CMD ["continuum", "serve", "--host", "0.0.0.0", "--no-worker"]
