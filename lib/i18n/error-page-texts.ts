import type { Lang } from "./locales";

/**
 * The error pages' default texts, part of the default translations and kept
 * apart so the global error page (a client component on every page's bundle)
 * ships these few lines rather than every default text.
 */
export const DEFAULT_ERROR_TRANSLATIONS = {
  fr: {
    "errors.not_found_title": "Page introuvable",
    "errors.not_found_message": "Cette page est introuvable",
    "errors.go_home": "Retour à l’accueil",
    "errors.error_title": "Une erreur est survenue",
    "errors.error_message": "Un problème est survenu lors de l’affichage de cette page.",
    "errors.global_error": "Une erreur est survenue lors de l’affichage de la page d’erreur",
    "errors.retry": "Réessayer",
  },
  en: {
    "errors.not_found_title": "Page not found",
    "errors.not_found_message": "This page could not be found",
    "errors.go_home": "Go back to home",
    "errors.error_title": "Something went wrong",
    "errors.error_message": "A problem occurred while showing this page.",
    "errors.global_error": "An error occurred while showing the error page",
    "errors.retry": "Try again",
  },
} as const satisfies Record<Lang, Record<`errors.${string}`, string>>;
