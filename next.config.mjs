/** @type {import('next').NextConfig} */
const nextConfig = {
  // proxy.ts routes every public URL onto the app's /<lang>/... tree. Its request URL
  // must be the server's own origin (not a normalised "localhost") so its rewrites stay
  // internal when `next start --hostname 127.0.0.1` serves the site.
  skipProxyUrlNormalize: true,
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // A 404 for URLs outside the [lang] tree, which has no single root layout.
    globalNotFound: true,
  },
  images: {
    formats: ["image/avif", "image/webp"],
    remotePatterns: [
      { protocol: "https", hostname: "images.prismic.io" },
      { protocol: "https", hostname: "*.cdn.prismic.io" },
    ],
  },
};

export default nextConfig;
