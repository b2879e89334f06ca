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
  "common.accessibility": "Accessibilité : non conforme",
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
  "consent.receipt": "Votre choix du {date}, référence {id} : citez-la si vous nous interrogez sur ce choix.",
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
  "accessibility.audit_title": "Audit automatisé du site",
  "accessibility.audit_date": "Dernier audit automatisé : {date}.",
  "accessibility.no_audit": "Aucun audit automatisé n’est encore enregistré.",
  "accessibility.tested_title": "Ce qui a été testé",
  "accessibility.tested_pages": "Pages",
  "accessibility.tested_page_types": "Types de page",
  "accessibility.tested_languages": "Langues",
  "accessibility.tested_widths": "Largeurs d’écran",
  "accessibility.tested_states": "Pages vérifiées avec",
  "accessibility.state_notice": "le bandeau des cookies ouvert",
  "accessibility.state_panel": "le panneau des préférences cookies ouvert",
  "accessibility.tested_rules": "Règles vérifiées (toutes celles de l’outil)",
  "accessibility.tested_tool": "Outil",
  "accessibility.tested_browser": "Navigateur",
  "accessibility.found_title": "Ce qui a été trouvé",
  "accessibility.found_none": "Aucune violation, sur aucune page, à aucune largeur.",
  "accessibility.found_intro": "Violations relevées, règle par règle (descriptions de l’outil, en anglais) :",
  "accessibility.found_criteria": "Critères WCAG : {criteria}",
  "accessibility.found_rgaa": "Critères RGAA : {criteria}",
  "accessibility.found_no_criterion": "Bonne pratique, hors critères WCAG et RGAA",
  "accessibility.found_pages": "Pages concernées : {count}",
  "accessibility.limits_title": "Ce qu’un audit automatisé ne prouve pas",
  "accessibility.limits_intro":
    "Un outil automatique ne repère qu’une partie des défauts : « aucune violation » ne veut pas dire « accessible ». Il ne vérifie pas, ou seulement en partie, ces critères du RGAA :",
  "accessibility.limit_images":
    "Images (thématique 1) : il voit qu’une alternative textuelle existe, pas qu’elle est pertinente.",
  "accessibility.limit_colours":
    "Couleurs (thématique 3) : une information donnée par la couleur seule, le contraste du texte posé sur une image.",
  "accessibility.limit_media":
    "Multimédia (thématique 4) : les sous-titres, la transcription et l’audiodescription des vidéos.",
  "accessibility.limit_links": "Liens (thématique 6) : qu’un intitulé de lien dit bien où il mène.",
  "accessibility.limit_keyboard":
    "Scripts et navigation (thématiques 7 et 12) : il voit qu’un élément peut recevoir le focus, pas que tout s’utilise au clavier, dans un ordre logique et sans piège.",
  "accessibility.limit_structure":
    "Structuration et présentation (thématiques 9 et 10) : la pertinence des titres et des listes, l’ordre de lecture, le sens porté par la seule mise en forme.",
  "accessibility.limit_zoom":
    "Présentation (thématique 10) : le texte agrandi à 200 %, l’affichage sans défilement horizontal à 320 px de large, la visibilité du focus.",
  "accessibility.limit_forms":
    "Formulaires (thématique 11) : la clarté des étiquettes, des consignes et des messages d’erreur.",
  "accessibility.limit_navigation":
    "Navigation (thématique 12) : la cohérence des menus et des moyens de navigation d’une page à l’autre.",
  "accessibility.limit_motion":
    "Consultation (thématique 13) : les animations, les contenus en mouvement et les limites de temps.",
  "accessibility.limits_outro":
    "Seul un audit complet du RGAA, mené par une personne sur un échantillon de pages, établit un taux de conformité. Tant qu’il n’est pas fait, le site est dit non conforme.",
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
  "common.accessibility": "Accessibility: not compliant",
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
  "consent.receipt": "Your choice of {date}, reference {id}: quote it if you ever ask us about this choice.",
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
  "accessibility.audit_title": "Automated audit of the site",
  "accessibility.audit_date": "Last automated audit: {date}.",
  "accessibility.no_audit": "No automated audit is recorded yet.",
  "accessibility.tested_title": "What was tested",
  "accessibility.tested_pages": "Pages",
  "accessibility.tested_page_types": "Page types",
  "accessibility.tested_languages": "Languages",
  "accessibility.tested_widths": "Screen widths",
  "accessibility.tested_states": "Pages checked with",
  "accessibility.state_notice": "the cookie notice open",
  "accessibility.state_panel": "the cookie preferences panel open",
  "accessibility.tested_rules": "Rules checked (every rule the tool has)",
  "accessibility.tested_tool": "Tool",
  "accessibility.tested_browser": "Browser",
  "accessibility.found_title": "What was found",
  "accessibility.found_none": "No violation, on any page, at any width.",
  "accessibility.found_intro": "Violations found, rule by rule (the tool’s own descriptions):",
  "accessibility.found_criteria": "WCAG criteria: {criteria}",
  "accessibility.found_rgaa": "RGAA criteria: {criteria}",
  "accessibility.found_no_criterion": "Best practice, no WCAG or RGAA criterion",
  "accessibility.found_pages": "Pages affected: {count}",
  "accessibility.limits_title": "What an automated audit does not prove",
  "accessibility.limits_intro":
    "An automated tool finds only some of the barriers: “no violation” does not mean “accessible”. It does not check, or only in part, these criteria of the RGAA (the French accessibility standard):",
  "accessibility.limit_images":
    "Images (theme 1): it sees that a text alternative exists, not that it is relevant.",
  "accessibility.limit_colours":
    "Colours (theme 3): information given by colour alone, the contrast of text set on a picture.",
  "accessibility.limit_media": "Multimedia (theme 4): captions, transcripts and audio description of videos.",
  "accessibility.limit_links": "Links (theme 6): that a link’s text says where it leads.",
  "accessibility.limit_keyboard":
    "Scripts and navigation (themes 7 and 12): it sees that an element can take the focus, not that everything works with a keyboard, in a logical order and without traps.",
  "accessibility.limit_structure":
    "Structure and presentation (themes 9 and 10): relevant headings and lists, reading order, meaning carried by styling alone.",
  "accessibility.limit_zoom":
    "Presentation (theme 10): text enlarged to 200%, reflow without horizontal scrolling at 320 px wide, a visible focus.",
  "accessibility.limit_forms": "Forms (theme 11): clear labels, instructions and error messages.",
  "accessibility.limit_navigation":
    "Navigation (theme 12): menus and ways of finding pages that stay consistent from page to page.",
  "accessibility.limit_motion": "Consultation (theme 13): animations, moving content and time limits.",
  "accessibility.limits_outro":
    "Only a full RGAA audit, carried out by a person over a sample of pages, establishes a compliance rate. Until one is done, the site is legally “not compliant”.",
};

export const DEFAULT_TRANSLATIONS: Record<Lang, Translations> = { fr, en };

/** A work category's label: the model stores English keys ("brand content"), shown translated. */
export function categoryLabel(category: string, t: Translations): string {
  const key = `categories.${category.replace(/\s+/g, "_")}`;
  return key in t ? t[key as TranslationKey] : category;
}
