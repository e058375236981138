# The product as a container: nginx serving the build with the config the build wrote (nginx-config.ts, the same
# rules as _headers), unprivileged, on port 8080. The live browser tests run that same config file on Debian's nginx
# (scripts/serve-nginx.mjs); the server block around it, which sets only the port and the folder, comes from the
# same script here.
#
#   docker build -t nanobanana-web --build-arg VITE_API_BASE_URL=https://api.example.com --build-arg VITE_SITE_URL=https://www.example.com .
#   docker run --rm -p 8080:8080 nanobanana-web
#
# Every setting is a build argument, read at build time (Vite writes them into the bundle and the headers); none
# is a secret. .env.example explains each. Unset, the image is demo mode.

FROM node:20 AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG VITE_API_BASE_URL
ARG VITE_GENERATION_API_BASE_URL
ARG VITE_TASK_CALLBACK_URL
ARG VITE_IMAGE_HOSTS
ARG VITE_IP_COUNTRY_URL
ARG VITE_SITE_URL
ARG VITE_GOOGLE_CLIENT_ID
ARG VITE_MICROSOFT_CLIENT_ID
ARG VITE_MICROSOFT_AUTHORITY
ARG VITE_TURNSTILE_SITE_KEY
ARG VITE_PAYPAL_CLIENT_ID
ARG VITE_CHECKOUT_HOSTS
ARG VITE_DISCORD_INVITE_URL
ARG VITE_CSP_REPORT_URL
ARG VITE_ENABLE_INSPECTOR
ARG VITE_SELLER_NAME
ARG VITE_SELLER_ADDRESS
ARG VITE_SELLER_TAX_ID
ARG VITE_SELLER_EMAIL
RUN npm run build \
  && node scripts/serve-nginx.mjs --server-block 8080 /usr/share/nginx/html > /app/server.conf

# nginx's stable line, as the official unprivileged image (user 101, port 8080).
FROM nginxinc/nginx-unprivileged:1.30.4-alpine
COPY --from=build /app/dist /usr/share/nginx/html
# Replaces the image's default server: the build's config, included from the build folder (where it is not served).
COPY --from=build /app/server.conf /etc/nginx/conf.d/default.conf
EXPOSE 8080
