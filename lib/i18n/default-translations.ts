import { DEFAULT_ERROR_TRANSLATIONS } from "./error-page-texts";
import type { Lang } from "./locales";

/**
 * UI text used when the translations document cannot be loaded or lacks a key
 * (a missing key falls back to its default text). Keys are "group.key", as the
 * document's groups flatten.
 */
const fr = {
  ...DEFAULT_ERROR_TRANSLATIONS.fr,
  "translations.button_text": "Découvrir",
  "common.skip_link": "Aller au contenu",
  "common.menu_open": "Ouvrir le menu",
  "common.menu_close": "Fermer le menu",
  "common.language_switch": "Changer de langue",
  "common.works": "Projets",
  "common.works_completed": "Projets réalisés",
  "common.works_in_production": "En production",
  "common.contact": "Contact",
  "common.legals": "Mentions légales",
  "common.cookie_preferences": "Préférences cookies",
  "common.social_links": "Réseaux sociaux",
  "common.main_navigation": "Navigation principale",
  "common.footer_navigation": "Pied de page",
  "common.loading": "Chargement de la page…",
  "works.all_works": "Tous les projets",
  "works.client": "Client",
  "works.year": "Année",
  "works.status": "Statut",
  "works.status_completed": "Réalisé",
  "works.status_in_production": "En production",
  "works.category": "Catégorie",
  "works.credits": "Générique",
  "works.next_work": "Projet suivant",
  "works.previous_work": "Projet précédent",
  "works.play_video": "Lire la vidéo",
  "works.watch_on": "Voir sur",
  "works.empty_list": "Aucun projet à afficher pour le moment.",
  "works.filter_label": "Filtrer par catégorie",
  "works.filter_all": "Tous",
  "works.filter_current": "Catégorie : {category}.",
  "works.filter_clear": "Effacer le filtre",
  "works.pagination": "Pages de la liste",
  "works.previous_page": "Page précédente",
  "works.next_page": "Page suivante",
  "works.page": "Page",
  "consent.notice":
    "Nous utilisons des cookies pour établir des statistiques de visite et pour lire les vidéos hébergées sur YouTube et Vimeo. Rien n’est déposé sans votre accord, que vous pouvez retirer à tout moment.",
  "consent.accept": "Accepter",
  "consent.accept_all": "Tout accepter",
  "consent.refuse": "Refuser",
  "consent.refuse_all": "Tout refuser",
  "consent.customise": "Personnaliser",
  "consent.save": "Sauvegarder",
  "consent.close": "Fermer",
  "consent.panel_title": "Les informations que nous collectons",
  "consent.required": "Obligatoire",
  "consent.title": "Cookies et vie privée",
  "consent.panel_intro":
    "Choisissez ce que vous autorisez, service par service. Vous pouvez changer d’avis à tout moment depuis « Préférences cookies », en bas de chaque page.",
  "consent.saved": "Vos choix de cookies ont été enregistrés.",
  "consent.necessary_name": "Cookies nécessaires",
  "consent.necessary_description":
    "Ils retiennent vos choix de cookies et assurent le fonctionnement du site. Ils ne peuvent pas être désactivés.",
  "consent.analytics_name": "Mesure d’audience",
  "consent.analytics_description":
    "Google Analytics nous indique, de façon agrégée, quelles pages sont consultées, pour améliorer le site. Cookies _ga, conservés 13 mois au plus.",
  "consent.youtube_description":
    "Lecture des vidéos hébergées sur YouTube. YouTube peut déposer des cookies et suivre votre navigation.",
  "consent.vimeo_description":
    "Lecture des vidéos hébergées sur Vimeo. Vimeo peut déposer des cookies et suivre votre navigation.",
  "consent.video_blocked": "Cette vidéo est hébergée par {service}, qui peut déposer des cookies.",
  "consent.video_allow": "Autoriser {service} et lire",
  "contact.emails": "Écrivez-nous",
  "contact.addresses": "Nos bureaux",
  "contact.view_map": "Voir sur la carte",
  "contact.form_title": "Envoyez-nous un message",
  "contact.form_intro": "Tous les champs sont obligatoires, sauf la société.",
  "contact.name": "Nom",
  "contact.email": "E-mail",
  "contact.email_help": "Pour vous répondre, rien d’autre.",
  "contact.company": "Société",
  "contact.optional": "facultatif",
  "contact.purpose": "Objet",
  "contact.purpose_project": "Un nouveau projet",
  "contact.purpose_press": "Presse",
  "contact.purpose_jobs": "Recrutement",
  "contact.purpose_other": "Autre demande",
  "contact.message": "Message",
  "contact.message_help": "Quelques lignes suffisent : l’idée, le calendrier, le budget si vous l’avez.",
  "contact.consent":
    "J’accepte que Vif Argent Productions utilise ces informations pour répondre à ma demande, comme l’expliquent les",
  "contact.consent_link": "mentions légales",
  "contact.honeypot": "Ne pas remplir ce champ",
  "contact.submit": "Envoyer le message",
  "contact.sending": "Envoi en cours…",
  "contact.sent_title": "Merci, votre message est bien parti.",
  "contact.sent_message": "Nous vous répondons sous 48 heures ouvrées.",
  "contact.queued_title": "Merci, votre message est bien reçu.",
  "contact.queued_message":
    "Notre messagerie le transmettra dans les minutes qui viennent. Nous vous répondons sous 48 heures ouvrées.",
  "contact.send_another": "Écrire un autre message",
  "contact.error_summary": "Le message n’est pas parti : corrigez les champs signalés.",
  "contact.error_name_required": "Indiquez votre nom.",
  "contact.error_name_too_long": "Votre nom est trop long (100 caractères au plus).",
  "contact.error_email_invalid": "Indiquez une adresse e-mail valide, par exemple nom@exemple.fr.",
  "contact.error_email_too_long": "L’adresse e-mail est trop longue (254 caractères au plus).",
  "contact.error_email_local_accents":
    "Les lettres accentuées avant le @ ne passent pas par toutes les messageries, et notre réponse pourrait ne jamais vous parvenir : indiquez une autre adresse.",
  "contact.error_company_too_long": "Le nom de la société est trop long (120 caractères au plus).",
  "contact.error_purpose": "Choisissez l’objet de votre message.",
  "contact.error_message_required": "Écrivez votre message.",
  "contact.error_message_too_short": "Votre message est un peu court : 10 caractères au moins.",
  "contact.error_message_too_long": "Votre message est trop long (5 000 caractères au plus).",
  "contact.error_consent": "Cochez cette case pour que nous puissions vous répondre.",
  "contact.error_too_fast":
    "Le formulaire a été envoyé trop vite pour un humain. Attendez quelques secondes, puis renvoyez-le.",
  "contact.error_rate_limit":
    "Vous avez envoyé beaucoup de messages en peu de temps. Réessayez dans quelques minutes, ou écrivez-nous directement.",
  "contact.error_rejected":
    "Le message n’a pas pu être envoyé. Écrivez-nous directement à l’adresse ci-dessus.",
  "contact.error_delivery":
    "Un problème technique a empêché l’envoi. Votre texte est conservé : réessayez dans un instant.",
  "contact.error_offline":
    "Vous semblez hors ligne : le message n’est pas parti. Votre texte est conservé ; renvoyez-le une fois la connexion revenue.",
  "contact.error_unreachable":
    "Le site n’a pas pu recevoir le message (serveur occupé ou indisponible). Votre texte est conservé : réessayez dans une minute.",
  "categories.brand_content": "Contenu de marque",
  "categories.series": "Série",
  "categories.documentary": "Documentaire",
  "categories.film": "Film",
  "categories.podcast": "Podcast",
  "categories.music_video": "Clip musical",
  "categories.live_experience": "Expérience live",
  "categories.animation": "Animation",
  "preview.indicator": "Mode prévisualisation",
  "preview.exit": "Quitter la prévisualisation",
};

export type TranslationKey = keyof typeof fr;
export type Translations = Record<TranslationKey, string>;

/** Every key, in the defaults' order. */
export const TRANSLATION_KEYS = Object.keys(fr) as TranslationKey[];

/** The texts of a client island: the keys it declares, never the whole map (each key ships in the page). */
export type Labels<K extends TranslationKey> = Pick<Translations, K>;

/** The one way a server component hands texts to a client island: `pickLabels(t, ISLAND_LABEL_KEYS)`. */
export function pickLabels<K extends TranslationKey>(t: Translations, keys: readonly K[]): Labels<K> {
  return Object.fromEntries(keys.map((key) => [key, t[key]])) as Labels<K>;
}

const en: Translations = {
  ...DEFAULT_ERROR_TRANSLATIONS.en,
  "translations.button_text": "Discover",
  "common.skip_link": "Skip to content",
  "common.menu_open": "Open menu",
  "common.menu_close": "Close menu",
  "common.language_switch": "Change language",
  "common.works": "Works",
  "common.works_completed": "Completed works",
  "common.works_in_production": "In production",
  "common.contact": "Contact",
  "common.legals": "Legal notice",
  "common.cookie_preferences": "Cookie preferences",
  "common.social_links": "Social media",
  "common.main_navigation": "Main navigation",
  "common.footer_navigation": "Footer",
  "common.loading": "Loading the page…",
  "works.all_works": "All works",
  "works.client": "Client",
  "works.year": "Year",
  "works.status": "Status",
  "works.status_completed": "Completed",
  "works.status_in_production": "In production",
  "works.category": "Category",
  "works.credits": "Credits",
  "works.next_work": "Next work",
  "works.previous_work": "Previous work",
  "works.play_video": "Play video",
  "works.watch_on": "Watch on",
  "works.empty_list": "No works to show just yet.",
  "works.filter_label": "Filter by category",
  "works.filter_all": "All",
  "works.filter_current": "Category: {category}.",
  "works.filter_clear": "Clear the filter",
  "works.pagination": "List pages",
  "works.previous_page": "Previous page",
  "works.next_page": "Next page",
  "works.page": "Page",
  "consent.notice":
    "We use cookies to compile visit statistics and to play videos hosted on YouTube and Vimeo. Nothing is set without your consent, which you can withdraw at any time.",
  "consent.accept": "Accept",
  "consent.accept_all": "Accept all",
  "consent.refuse": "Decline",
  "consent.refuse_all": "Decline all",
  "consent.customise": "Customise",
  "consent.save": "Save",
  "consent.close": "Close",
  "consent.panel_title": "The information we collect",
  "consent.required": "Required",
  "consent.title": "Cookies and privacy",
  "consent.panel_intro":
    "Choose what you allow, service by service. You can change your mind at any time from “Cookie preferences”, at the bottom of every page.",
  "consent.saved": "Your cookie choices have been saved.",
  "consent.necessary_name": "Necessary cookies",
  "consent.necessary_description":
    "They remember your cookie choices and keep the site working. They cannot be turned off.",
  "consent.analytics_name": "Audience measurement",
  "consent.analytics_description":
    "Google Analytics tells us, in aggregate, which pages are visited, so we can improve the site. _ga cookies, kept for 13 months at most.",
  "consent.youtube_description":
    "Plays the videos hosted on YouTube. YouTube may set cookies and track your browsing.",
  "consent.vimeo_description":
    "Plays the videos hosted on Vimeo. Vimeo may set cookies and track your browsing.",
  "consent.video_blocked": "This video is hosted by {service}, which may set cookies.",
  "consent.video_allow": "Allow {service} and play",
  "contact.emails": "Write to us",
  "contact.addresses": "Our offices",
  "contact.view_map": "View on the map",
  "contact.form_title": "Send us a message",
  "contact.form_intro": "Every field is required except the company.",
  "contact.name": "Name",
  "contact.email": "Email",
  "contact.email_help": "To reply to you, nothing else.",
  "contact.company": "Company",
  "contact.optional": "optional",
  "contact.purpose": "Subject",
  "contact.purpose_project": "A new project",
  "contact.purpose_press": "Press",
  "contact.purpose_jobs": "Jobs",
  "contact.purpose_other": "Something else",
  "contact.message": "Message",
  "contact.message_help": "A few lines are enough: the idea, the timing, the budget if you have one.",
  "contact.consent":
    "I agree that Vif Argent Productions uses this information to answer my request, as explained in the",
  "contact.consent_link": "legal notice",
  "contact.honeypot": "Leave this field empty",
  "contact.submit": "Send the message",
  "contact.sending": "Sending…",
  "contact.sent_title": "Thank you, your message is on its way.",
  "contact.sent_message": "We reply within two working days.",
  "contact.queued_title": "Thank you, your message is safely with us.",
  "contact.queued_message":
    "Our mail server will pass it on within minutes. We reply within two working days.",
  "contact.send_another": "Write another message",
  "contact.error_summary": "The message was not sent: please correct the fields marked.",
  "contact.error_name_required": "Enter your name.",
  "contact.error_name_too_long": "Your name is too long (100 characters at most).",
  "contact.error_email_invalid": "Enter a valid email address, such as name@example.com.",
  "contact.error_email_too_long": "The email address is too long (254 characters at most).",
  "contact.error_email_local_accents":
    "Letters with accents before the @ do not pass through every mail system, and our reply might never reach you: please give another address.",
  "contact.error_company_too_long": "The company name is too long (120 characters at most).",
  "contact.error_purpose": "Choose what your message is about.",
  "contact.error_message_required": "Write your message.",
  "contact.error_message_too_short": "Your message is a little short: 10 characters at least.",
  "contact.error_message_too_long": "Your message is too long (5,000 characters at most).",
  "contact.error_consent": "Tick this box so that we can reply to you.",
  "contact.error_too_fast":
    "The form was sent too quickly for a person. Wait a few seconds, then send it again.",
  "contact.error_rate_limit":
    "You have sent many messages in a short time. Try again in a few minutes, or write to us directly.",
  "contact.error_rejected":
    "The message could not be sent. Please write to us directly at the address above.",
  "contact.error_delivery":
    "A technical problem stopped the message. Your text is kept: try again in a moment.",
  "contact.error_offline":
    "You seem to be offline: the message was not sent. Your text is kept; send it again once you are back online.",
  "contact.error_unreachable":
    "The site could not take your message (server busy or unavailable). Your text is kept: try again in a minute.",
  "categories.brand_content": "Brand content",
  "categories.series": "Series",
  "categories.documentary": "Documentary",
  "categories.film": "Film",
  "categories.podcast": "Podcast",
  "categories.music_video": "Music video",
  "categories.live_experience": "Live experience",
  "categories.animation": "Animation",
  "preview.indicator": "Preview mode",
  "preview.exit": "Exit preview",
};

export const DEFAULT_TRANSLATIONS: Record<Lang, Translations> = { fr, en };

/** A work category's label: the model stores English keys ("brand content"), shown translated. */
export function categoryLabel(category: string, t: Translations): string {
  const key = `categories.${category.replace(/\s+/g, "_")}`;
  return key in t ? t[key as TranslationKey] : category;
}
