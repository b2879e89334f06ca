import { SliceZone } from "@prismicio/react";
import type { Metadata } from "next";

import { createClient } from "@/prismicio";
import { components } from "@/slices";
import { featuredWorkFields } from "@/slices/FeaturedWorks";

const LANG = "fr-fr";

async function getHomePage() {
  return createClient().getSingle("home_page", {
    lang: LANG,
    fetchLinks: featuredWorkFields.map((field) => `project.${field}`),
  });
}

export async function generateMetadata(): Promise<Metadata> {
  const page = await getHomePage();
  return {
    title: page.data.meta_title || undefined,
    description: page.data.meta_description || undefined,
  };
}

export default async function HomePage() {
  const page = await getHomePage();
  return (
    <main id="main">
      <SliceZone slices={page.data.slices} components={components} />
    </main>
  );
}
