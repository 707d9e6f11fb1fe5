// The page's words in French (the default) and English. `t(key, ...args)` fills {0}, {1} …

const FR = {
  lang_name: "Français",
  seat_N: "Nord", seat_E: "Est", seat_S: "Sud", seat_W: "Ouest",
  tagline: "Whist classique et whist à la couleur, entre amis et avec des robots.",
  new_table: "Nouvelle table",
  again: "Rejouer avec les mêmes", again_join: "Rejoindre la partie suivante", next_game: "partie suivante",
  again_open: "Une nouvelle partie avec les mêmes est ouverte.", over_here: "Cette partie est terminée.",
  your_name: "Votre nom",
  table_name: "Nom de la table (facultatif)",
  game: "Jeu",
  preset_couleur: "Couleur (règles du club)",
  preset_pagat: "Couleur (en ligne, pagat)",
  preset_classic: "Whist classique (robre)",
  preset_short: "Whist court",
  colour_hint: "Pas de partenaires fixes : à chaque donne, on annonce, pour chercher un partenaire à l'atout"
    + " qu'on propose ou pour jouer seul. Ce que veut dire chaque annonce est expliqué à table, sous les boutons.",
  preset_simple: "Whist simple",
  deals: "Donnes",
  rubbers: "Robres", matches: "Parties",
  your_seat: "Votre place",
  seat_open: "Ami (place libre)",
  seat_heuristic: "Robot (moyen)",
  seat_random: "Robot (hasard)",
  seat_pimc: "Robot (très fort)",
  bot_speed: "Vitesse des robots",
  speed_slow: "lente", speed_normal: "normale", speed_fast: "rapide",
  takeover: "Un robot remplace un absent après",
  seconds: "{0}\u00a0s",
  options: "Options des règles",
  create: "Créer la table",
  open_tables: "Les tables en cours",
  finished_tables: "Parties terminées ({0})",
  table_of: "Table {de0}",
  no_tables: "Aucune table en cours pour l'instant.",
  no_other_tables: "Aucune autre table en cours pour l'instant.",
  my_tables: "Vos tables",
  join: "Rejoindre", watch: "Regarder",
  free_seat_one: "{0} place libre", free_seats: "{0} places libres",
  started: "en cours", over: "terminée", waiting: "en attente",
  name_needed: "Indiquez votre nom.",
  // a decimal option typed as no number it takes ("0,5,3"): its name, the text, the largest
  option_not_number: "« {0} » : « {1} » n'est pas un nombre positif ; écrivez par exemple 0,5.",
  option_not_number_upto: "« {0} » : « {1} » n'est pas un nombre de 0 à {2} ; écrivez par exemple 0,5.",
  waiting_players: "En attente des joueurs. Partagez le lien de la table :",
  start_now: "Commencer (des robots prennent les places libres)",
  share: "Partager le lien",
  copied: "Lien copié",
  you_watch: "Vous regardez cette table.",
  table_full: "Toutes ses places sont prises : vous pourrez en prendre une si un joueur la quitte, ou si un robot"
    + " la joue en son absence.",
  // a player who opens the link on a second device holds his seat on the first (its token)
  seated_elsewhere: "Assis à cette table sur un autre appareil ? Votre place vous y attend ; pour la prendre ici,"
    + " quittez-la là-bas (« Quitter »), puis asseyez-vous ici ; si cet appareil est éteint, vous pourrez la"
    + " prendre ici dès qu'un robot la jouera à votre place.",
  take_seat: "Prendre une place :",
  sit_at: "S'asseoir en {0}",
  // the seat of a player away, whom a bot plays: taken, it is his no more
  sit_away: "Prendre la place {0} {de1} (un robot la joue en son absence)",
  // asked before: the player away loses his seat for good
  confirm_take: "{0} perdra sa place {1} : la prendre ?",
  leave_seat: "Quitter la place",
  confirm_leave: "Quitter votre place ? Un robot la prendra.",
  lobby: "Accueil",
  connection_lost: "Connexion perdue — reconnexion…",
  your_turn: "À vous",
  waiting_for: "{0} réfléchit…", waiting_away: "On attend {0} (hors ligne)…",
  bot: "robot",
  replaced: "remplacé par un robot",
  away: "absent",
  dealer: "donneur",
  declarer: "preneur",
  tricks_one: "{0} pli", tricks_many: "{0} plis",
  // classic whist's trick is a levée (seed 000), colour whist's a pli (seed 003): t() takes the
  // key with "_classic" at a classic table (setGame)
  tricks_one_classic: "{0} levée", tricks_many_classic: "{0} levées",
  last_trick_classic: "Dernière levée", tb_last_classic: "Dernière levée",
  no_last_trick_classic: "Aucune levée terminée.", trick_won_classic: "Levée {0} pour {1}.",
  tricks_classic: "Levées", trick_n_classic: "Levée {0}", region_trick_classic: "La levée",
  says_trick_classic: "{0} remporte la levée {1}", says_my_trick_classic: "Vous remportez la levée {0}",
  won_by_classic: "remportée par {0}",
  // and its winner is a side of two
  winner_classic: "Gagnants : {0}",
  more_bids: "Annonces plus hautes ({0})",
  trump: "Atout",
  no_trump: "sans atout",
  contract: "Contrat",
  each_for_himself: "chacun pour soi",
  needed_at_least: "au moins {0} plis",
  needed_exactly_one: "exactement {0} pli", needed_exactly_many: "exactement {0} plis",
  needed_none: "aucun pli", needed_all: "les 13 plis", needed_in_deal: "({0} plis dans la donne)",
  each: "chacun",
  double: "donne double",
  shown_card: "Carte montrée",
  hidden_partner: "partenaire caché",
  // the terminal's words (colour_terminal.FOUR_ACES, RULES.md D2); a test keeps them the same
  four_aces: "Quatre as : le partenaire est celui qui tient le plus haut cœur qui manque à l'annonceur"
    + " (R♥, sinon D♥ …) ; si le trou est joué, atout cœur et le partenaire entame.",
  auction: "Annonces",
  announcements: "Annonces",
  call_pass: "Passe", call_wait: "J'attends", call_accept: "J'emballe", call_trou: "Trou",
  call_propose: "Proposer",
  // waiting (RULES.md §5.4, 2): eldest hand's first call; after it no one-player contract
  wait_title: "Ni passe ni annonce : vous parlerez de nouveau à votre tour suivant, après avoir entendu les"
    + " autres. Vous ne pourrez plus annoncer de contrat solitaire (solo, misère, abondance, chelem…), mais"
    + " encore proposer ou emballer.",
  wait_hint: "J'attends : vous reparlerez après les autres, sans pouvoir annoncer de contrat solitaire.",
  // what each call asks of its players, on hover and for a screen reader (RULES.md §5.4, §5.5);
  // {0} the level, {1} the suit named
  what_pass: "Vous ne parlerez plus de cette donne.",
  what_accept: "Vous jouez avec celui qui a fait l'annonce la plus haute (à la misère ou au piccolo, chacun"
    + " joue pour soi).",
  // the calls explained under their buttons, for a touch screen, where nothing is said on hover
  calls_help: "Ce que veulent dire les annonces", suit_chosen: "de la couleur du bouton",
  // calling at eight (RULES.md §2 (a), (b))
  what_claim: "Votre camp est à {0} et vous tenez trois ou quatre honneurs : montrez-les, et votre camp gagne la"
    + " manche tout de suite, sans jouer la donne.",
  what_ask: "Votre camp est à {0} et vous tenez deux honneurs : demandez à votre partenaire s'il a reçu un honneur."
    + " Si oui, votre camp gagne la manche tout de suite ; sinon, tous le savent et la donne se joue. Vous"
    + " pouvez aussi jouer une carte sans demander.",
  what_trou: "Vous avez reçu trois as (ou les quatre) : vous devez l'annoncer. Le détenteur du quatrième as (avec"
    + " quatre as, du plus haut cœur qui vous manque) est votre partenaire ; à deux, 8 ou 9 plis.",
  what_propose: "vous cherchez un partenaire : celui qui emballe joue avec vous, au moins 8 plis à deux, atout {1}",
  what_emballage: "à deux : au moins {0} plis, atout {1}",
  what_solo: "seul contre les trois autres : au moins {0} plis, atout {1}",
  what_abondance: "seul contre les trois autres : au moins {0} plis, atout {1} ; vous entamez",
  what_abondance_sur_table: "seul : au moins 9 plis, atout {1}, votre main étalée sur la table ; vous entamez",
  what_chelem: "seul : les 13 plis, atout {1} ; vous entamez",
  what_piccolissimo: "seul, sans atout : exactement 2 plis",
  what_piccolo: "sans atout : exactement 1 pli, pour chacun de ses joueurs",
  what_petite_misere: "sans atout, chacun écarte d'abord une carte : aucun pli",
  what_grande_misere: "sans atout : aucun pli",
  what_grande_misere_sur_table: "sans atout : aucun pli, votre main étalée sur la table",
  show_prompt: "Montrez une carte : sa couleur sera l'atout (dans la couleur de votre as, 8 plis à faire ; sinon 9).",
  show_prompt_nine: "Montrez une carte : sa couleur sera l'atout (9 plis à faire, quelle que soit la carte).",
  discard_prompt: "Écartez une carte (face cachée).",
  play_prompt: "Jouez une carte.",
  call_prompt: "Votre annonce :",
  call_or_play_prompt: "annoncez, ou jouez une carte :",
  auto_prompt: "Joué pour vous…",
  last_trick: "Dernier pli",
  needed: "Il faut",
  tb_last: "Dernier pli", tb_scores: "Marque", tb_history: "Donnes", tb_share: "Partager", tb_leave: "Quitter",
  no_last_trick: "Aucun pli terminé.",
  no_deals: "Aucune donne terminée pour l'instant.",
  won_by: "remporté par {0}",
  trick_won: "Pli {0} pour {1}.",
  scores: "Marque",
  history: "Donnes jouées",
  total: "Total",
  deal_n: "Donne {0}",
  next_deal: "Donne suivante",
  next_in: "Donne suivante dans {0}\u00a0s",
  waiting_others: "En attente des autres joueurs…",
  made: "réussi", failed: "chuté", made_f: "réussie", failed_f: "chutée",
  passed_out: "Tous passent : on redonne.",
  points: "Points",
  tricks: "Plis",
  game_over: "Partie terminée",
  match_over: "Partie terminée", matches_over: "Les {0} parties sont terminées",
  winner: "Gagnant : {0}",
  draw: "Égalité",
  download: "Télécharger (JSON)", download_all: "Télécharger toutes les donnes (JSON)",
  replay: "Revoir",
  records_later: "Les donnes complètes (toutes les mains) se téléchargent à la fin de la partie.",
  close: "Fermer",
  step: "Étape {0} / {1}",
  trick_n: "Pli {0}",
  turned_card: "Carte retournée",
  dealer_holds: "chez le donneur",
  score: "Marque",
  games: "Manches",
  honours: "Honneurs",
  trick_points: "Points de levées",
  // classic whist's tricks, as its seed counts them (colour whist's seed says « plis »)
  tricks_won: "Levées",
  honour_points: "Points d'honneurs",
  game_to: "Manche gagnée par {0}",
  game_col: "Manche", game_won_by: "Manche gagnée par",
  rubber_to: "Robre {0} gagné par {1}", match_to: "Partie {0} gagnée par {1}",
  called: "Chant à huit : {0} gagne la manche",
  shown_honours: "Honneurs montrés",
  claim: "Annoncer les honneurs", ask: "Demander au partenaire", yes: "Oui", no: "Non",
  said_propose: "propose", said_claim: "annonce ses honneurs", said_ask: "demande à son partenaire s'il a un honneur",
  // the answer is the table's, true, and about the honours dealt, even one played since (RULES.md §2 (b))
  said_yes: "a reçu un honneur\u00a0: oui", said_no: "n'a reçu aucun honneur\u00a0: non",
  showed: "montre", discarded: "écarte une carte",
  refused: "Refusé",
  stale: "La table a changé pendant votre choix : regardez et rejouez.",
  rubber_totals: "Total des robres",
  colon: "\u00a0: ",
  trump_to_show: "à montrer par le partenaire",
  trump_at_fourth_ace: "aucun jusqu'au quatrième as",
  your_discard: "Votre écart",
  redeal: "Donne passée", next_double: "La donne suivante compte double.",
  free_seat: "place libre",
  rubber: "Robre", match: "Partie", winner_col: "Gagnants",
  game_points: "Points de manche", rubber_points: "Points de robre", matches_won: "Parties gagnées",
  settlement: "Règlement",
  spectator: "spectateur",
  you: "vous",
  deal_of: "Donne {0} sur {1}",
  rubber_of: "Robre {0} sur {1}", match_of: "Partie {0} sur {1}",
  language: "Langue",
  prev: "Précédent", next: "Suivant", first: "Début", last: "Fin",
  hand: "Votre main",
  invalid_seat: "Cette place n'est plus libre.",
  side_NS: "NS", side_EW: "EO",
  winners: "Ex aequo en tête : {0}",
  suit_S: "pique", suit_H: "cœur", suit_D: "carreau", suit_C: "trèfle",
  said_pass: "passe", said_wait: "attend", said_accept: "emballe", said_trou: "annonce trou", aces_three: "trois as", aces_four: "quatre as",
  // what the live region says of each event at the table, for a screen reader (said.js); a card
  // in words, its rank with its article ("la dame de pique") or without (a card of the hand)
  rank_A: "as", rank_K: "roi", rank_Q: "dame", rank_J: "valet", rank_n: "{0}", card_of: "{0} de {1}",
  the_A: "l'{0}", the_K: "le {0}", the_Q: "la {0}", the_J: "le {0}", the_n: "le {0}",
  says_card: "{0} joue {1}", says_my_card: "Vous jouez {0}",
  says_trick: "{0} remporte le pli {1}", says_my_trick: "Vous remportez le pli {0}",
  says_bid: "annonce {0}", turn_play: "À vous de jouer", turn_call: "À vous d'annoncer",
  region_felt: "La table", region_trick: "Le pli", region_actions: "Annonces et jeu",
  region_info_couleur: "Contrat et marque", region_info_classic: "Atout et marque",
  // errors, by their code (docs/protocol.md): what the server says, in French
  err_malformed: "Message illisible pour le serveur.",
  err_no_hello: "La connexion n'est pas encore ouverte : un instant.",
  err_bad_token: "Cette place n'est plus la vôtre.",
  err_not_seated: "Vous regardez seulement : prenez une place libre pour jouer.",
  err_not_your_turn: "Ce n'est pas à vous de jouer.",
  err_illegal: "Les règles ne permettent pas ce coup maintenant.",
  err_stale: "La table a changé pendant votre choix : regardez et rejouez.",
  err_conflict: "La table a changé sur un autre serveur : regardez et rejouez.",
  err_not_found: "Cette table n'existe pas (ou plus).",
  err_bad_table: "Impossible de créer cette table : une option a une valeur refusée.",
  bad_table_because: "Impossible de créer cette table : {0}.",
  quoted: "« {0} »",
  err_too_many_tables: "Le serveur a déjà autant de tables en cours qu'il en accepte : réessayez quand une partie sera finie ou abandonnée.",
  err_invalid: "Une valeur du formulaire est refusée.",
  err_bad_join: "Indiquez un nom et une place valables.",
  err_seat_unavailable: "Cette place n'est plus libre (ou la partie est finie).",
  err_name_taken: "Un joueur de cette table porte déjà ce nom : choisissez-en un autre.",
  err_not_over: "La partie n'est pas encore finie.",
  err_hidden: "Les donnes complètes se téléchargent à la fin de la partie.",
  err_http_error: "Le serveur a refusé la demande.",
  err_network: "Le serveur ne répond pas.",
  choice_redeal: "on redonne", choice_redeal_double: "on redonne, donne suivante double",
  choice_dames: "misère par les dames",
  // the score sheet of a table played with real cards (scorer.js)
  score_sheet: "Feuille de marque",
  sheet_intro: "Pour une partie jouée avec de vraies cartes : entrez chaque donne, les points sont comptés selon les règles choisies.",
  start_sheet: "Commencer la feuille",
  add_deal: "Ajouter une donne",
  declarers: "Preneurs",
  tricks_together: "Plis des preneurs",
  tricks_of: "Plis {de0}",
  trou_needed: "Plis demandés",
  queens: "dames", queens_taken: "Dames prises",
  double_deal: "La donne compte double",
  penalty: "Pénalité", penalty_to: "Pénalité de l'arbitre (−15) à",
  tricks_of_side: "Camp",
  honours_none: "aucun",
  // a sheet row's honours, mid-line after « · » (« 9 / 4 · honneurs EO 4 »), as the terminal writes them
  honours_row: "honneurs",
  call_at_eight: "Chant à huit",
  called_by: "Chant à huit : {0}",
  game_won_by_side: "manche : {0}", rubber_won_by_side: "robre : {0}",
  no_entries: "Aucune donne pour l'instant.",
  sheet_started: "Commencée", sheet_changed: "dernière modification",
  no_sheet: "Pas de feuille de marque à ce lien.",
  sheet_gone: "Cette feuille de marque n'existe plus sur le serveur : vous ne pouvez plus y ajouter d'entrées.",
  sheet_gone_days: "Cette feuille de marque n'existe plus sur le serveur, qui efface les feuilles que personne n'a changées depuis {0} : vous ne pouvez plus y ajouter d'entrées.",
  one_day: "1 jour", n_days: "{0} jours",
  sheet_gone_scores: "Les points ci-dessus restent affichés tels que la page les a reçus en dernier : recopiez-les, ou gardez le fichier de la feuille, avant de quitter la page.",
  sheet_again: "Nouvelle feuille avec les mêmes joueurs",
  no_page: "Pas de page à cette adresse : vérifiez-la, ou revenez à l'accueil.",
  no_table: "Pas de table à ce lien : vérifiez l'adresse, ou créez une table depuis l'accueil.",
  sheet_conflict: "La feuille changeait sans cesse ailleurs : regardez-la et réessayez.",
  undo: "Annuler la dernière entrée",
  confirm_undo: "Annuler l'entrée n°\u00a0{0} ? Elle sera retirée de la feuille.",
  download_csv: "Télécharger (CSV)", download_json: "Fichier pour whist sheet (JSON)",
  sheet_link: "Qui a le lien de cette feuille peut la lire et la modifier : ne le donnez qu'aux marqueurs.",
};

const EN = {
  lang_name: "English",
  seat_N: "North", seat_E: "East", seat_S: "South", seat_W: "West",
  tagline: "Classic whist and colour whist, with friends and bots.",
  new_table: "New table",
  again: "Play again with the same players", again_join: "Join the next game", next_game: "next game",
  again_open: "A new game with the same players is open.", over_here: "This game is over.",
  your_name: "Your name",
  table_name: "Table name (optional)",
  game: "Game",
  preset_couleur: "Colour whist (club rules)",
  preset_pagat: "Colour whist (pagat rules)",
  preset_classic: "Classic whist (rubber)",
  preset_short: "Short whist",
  colour_hint: "No fixed partners: each deal begins with an auction, to find a partner for the trump you"
    + " propose or to play alone. What each call means is explained at the table, under the buttons.",
  preset_simple: "Simple whist",
  deals: "Deals",
  rubbers: "Rubbers", matches: "Matches",
  your_seat: "Your seat",
  seat_open: "Friend (free seat)",
  seat_heuristic: "Bot (medium)",
  seat_random: "Bot (random)",
  seat_pimc: "Bot (very strong)",
  bot_speed: "Bot speed",
  speed_slow: "slow", speed_normal: "normal", speed_fast: "fast",
  takeover: "A bot replaces an absent player after",
  seconds: "{0}\u00a0s",
  options: "Rule options",
  create: "Create the table",
  open_tables: "Tables in play",
  finished_tables: "Finished games ({0})",
  table_of: "{0}'s table",
  no_tables: "No table in play yet.",
  no_other_tables: "No other table in play yet.",
  my_tables: "Your tables",
  join: "Join", watch: "Watch",
  free_seat_one: "{0} free seat", free_seats: "{0} free seats",
  started: "playing", over: "over", waiting: "waiting",
  name_needed: "Enter your name.",
  option_not_number: "“{0}”: “{1}” is not a positive number; write 0.5, say.",
  option_not_number_upto: "“{0}”: “{1}” is not a number from 0 to {2}; write 0.5, say.",
  waiting_players: "Waiting for players. Share the table's link:",
  start_now: "Start (bots take the free seats)",
  share: "Share the link",
  copied: "Link copied",
  you_watch: "You are watching this table.",
  table_full: "Every seat is taken: you may take one if a player leaves, or once a bot plays it while its player"
    + " is away.",
  seated_elsewhere: "Seated at this table on another device? Your seat waits for you there; to take it here,"
    + " leave it there (“Leave”), then sit down here; if that device is off, you can take your seat here once a"
    + " bot is playing it for you.",
  take_seat: "Take a seat:",
  sit_at: "Sit at {0}",
  sit_away: "Take {0} from {1} (away: a bot plays it)",
  confirm_take: "{0} will lose the seat {1}: take it?",
  leave_seat: "Leave the seat",
  confirm_leave: "Leave your seat? A bot will take it.",
  lobby: "Home",
  connection_lost: "Connection lost — reconnecting…",
  your_turn: "Your turn",
  waiting_for: "{0} is thinking…", waiting_away: "Waiting for {0} (offline)…",
  bot: "bot",
  replaced: "a bot plays for them",
  away: "away",
  dealer: "dealer",
  declarer: "declarer",
  tricks_one: "{0} trick", tricks_many: "{0} tricks",
  more_bids: "Higher bids ({0})",
  trump: "Trump",
  no_trump: "no trump",
  contract: "Contract",
  each_for_himself: "each for himself",
  needed_at_least: "at least {0} tricks",
  needed_exactly_one: "exactly {0} trick", needed_exactly_many: "exactly {0} tricks",
  needed_none: "no trick", needed_all: "all 13 tricks", needed_in_deal: "({0} tricks in the deal)",
  each: "each",
  double: "double deal",
  shown_card: "Card shown",
  hidden_partner: "hidden partner",
  four_aces: "Four aces: the partner is the holder of the highest heart the caller lacks (K♥, else Q♥"
    + " …); if the trou is played, hearts are trump and the partner leads.",
  auction: "Auction",
  announcements: "Calls",
  call_pass: "Pass", call_wait: "Wait", call_accept: "Accept", call_trou: "Trou",
  call_propose: "Propose",
  wait_title: "Neither a pass nor a bid: you speak again at your next turn, after hearing the others. You may"
    + " then no longer bid a one-player contract (solo, misère, abondance, slam…), but may still propose or accept.",
  wait_hint: "Wait: you speak again after the others, but may not bid a one-player contract.",
  what_pass: "You make no more calls in this deal.",
  what_accept: "Play the top bid with its bidder, as partner (a misère or a piccolo: each plays his own).",
  what_claim: "Your side is at {0} and you hold three or four honours: show them, and your side wins the game at"
    + " once, without playing the deal.",
  what_ask: "Your side is at {0} and you hold two honours: ask your partner whether he was dealt one. If yes, your"
    + " side wins the game at once; if no, everyone knows it and the deal is played. You may also play a card"
    + " without asking.",
  what_trou: "You were dealt three aces (or all four), so you must call it. The holder of the fourth ace (with"
    + " four aces, of the highest heart you lack) is your partner; together you need 8 or 9 tricks.",
  what_propose: "looks for a partner: whoever accepts plays with you, at least 8 tricks together, with {1} as trump",
  what_emballage: "two together: at least {0} tricks, with {1} as trump",
  what_solo: "alone against the other three: at least {0} tricks, with {1} as trump",
  what_abondance: "alone against the other three: at least {0} tricks, with {1} as trump; you lead",
  what_abondance_sur_table: "alone: at least 9 tricks, with {1} as trump, your hand spread on the table; you lead",
  what_chelem: "alone: all 13 tricks, with {1} as trump; you lead",
  calls_help: "What the calls mean", suit_chosen: "the suit of the button",
  what_piccolissimo: "alone, no trump: exactly 2 tricks",
  what_piccolo: "no trump: exactly 1 trick, for each of its players",
  what_petite_misere: "no trump, everyone first discards a card: no trick",
  what_grande_misere: "no trump: no trick",
  what_grande_misere_sur_table: "no trump: no trick, your hand spread on the table",
  show_prompt: "Show a card: its suit will be trump (the pair needs 8 tricks if it is your ace's suit, else 9).",
  show_prompt_nine: "Show a card: its suit will be trump (the pair needs 9 tricks, whatever the card).",
  discard_prompt: "Discard a card (face down).",
  play_prompt: "Play a card.",
  call_prompt: "Your call:",
  call_or_play_prompt: "call, or play a card:",
  auto_prompt: "Played for you…",
  last_trick: "Last trick",
  needed: "Needed",
  tb_last: "Last trick", tb_scores: "Scores", tb_history: "Deals", tb_share: "Share", tb_leave: "Leave",
  no_last_trick: "No trick finished yet.",
  no_deals: "No deal finished yet.",
  won_by: "won by {0}",
  winner_classic: "Winners: {0}",
  trick_won: "Trick {0} to {1}.",
  scores: "Scores",
  history: "Deals played",
  total: "Total",
  deal_n: "Deal {0}",
  next_deal: "Next deal",
  next_in: "Next deal in {0} s",
  waiting_others: "Waiting for the other players…",
  made: "made", failed: "failed", made_f: "made", failed_f: "failed",
  passed_out: "Everybody passed: redeal.",
  points: "Points",
  tricks: "Tricks",
  game_over: "Game over",
  match_over: "Match over", matches_over: "The {0} matches are over",
  winner: "Winner: {0}",
  draw: "Draw",
  download: "Download (JSON)", download_all: "Download every deal (JSON)",
  replay: "Replay",
  records_later: "Full deals (every hand) can be downloaded once the game is over.",
  close: "Close",
  step: "Step {0} / {1}",
  trick_n: "Trick {0}",
  turned_card: "Turned card",
  dealer_holds: "held by the dealer",
  score: "Score",
  games: "Games",
  honours: "Honours",
  trick_points: "Trick points",
  tricks_won: "Tricks",
  honour_points: "Honour points",
  game_to: "Game won by {0}",
  game_col: "Game", game_won_by: "Game won by",
  rubber_to: "Rubber {0} won by {1}", match_to: "Match {0} won by {1}",
  called: "Called at eight: {0} win the game",
  shown_honours: "Honours shown",
  claim: "Claim with honours", ask: "Ask partner", yes: "Yes", no: "No",
  said_propose: "proposes", said_claim: "claims with honours", said_ask: "asks partner for an honour",
  said_yes: "was dealt an honour: yes", said_no: "was dealt no honour: no",
  showed: "shows", discarded: "discards a card",
  refused: "Refused",
  stale: "The table changed while you chose: look again and play.",
  rubber_totals: "Rubber totals",
  colon: ": ",
  trump_to_show: "to be shown by the partner",
  trump_at_fourth_ace: "none until the fourth ace falls",
  your_discard: "Your discard",
  redeal: "Passed deal", next_double: "The next deal counts double.",
  free_seat: "free seat",
  rubber: "Rubber", match: "Match", winner_col: "Winners",
  game_points: "Game points", rubber_points: "Rubber points", matches_won: "Matches won",
  settlement: "Settlement",
  spectator: "spectator",
  you: "you",
  deal_of: "Deal {0} of {1}",
  rubber_of: "Rubber {0} of {1}", match_of: "Match {0} of {1}",
  language: "Language",
  prev: "Previous", next: "Next", first: "Start", last: "End",
  hand: "Your hand",
  invalid_seat: "That seat is no longer free.",
  side_NS: "NS", side_EW: "EW",
  winners: "Tied for first: {0}",
  suit_S: "spades", suit_H: "hearts", suit_D: "diamonds", suit_C: "clubs",
  said_pass: "passes", said_wait: "waits", said_accept: "accepts", said_trou: "announces trou", aces_three: "three aces", aces_four: "four aces",
  rank_A: "ace", rank_K: "king", rank_Q: "queen", rank_J: "jack", rank_n: "{0}", card_of: "{0} of {1}",
  the_A: "the {0}", the_K: "the {0}", the_Q: "the {0}", the_J: "the {0}", the_n: "the {0}",
  says_card: "{0} plays {1}", says_my_card: "You play {0}",
  says_trick: "{0} wins trick {1}", says_my_trick: "You win trick {0}",
  says_bid: "bids {0}", turn_play: "Your turn to play", turn_call: "Your turn to call",
  region_felt: "The table", region_trick: "The trick", region_actions: "Calls and play",
  region_info_couleur: "Contract and scores", region_info_classic: "Trump and scores",
  choice_redeal: "redeal", choice_redeal_double: "redeal, next deal double", choice_dames: "the queens game",
  // errors, by their code, when the server sent no message of its own (a proxy's page, no network)
  err_malformed: "The server could not read the message.",
  err_no_hello: "The connection is not open yet: just a moment.",
  err_bad_token: "This seat is no longer yours.",
  err_not_seated: "You are only watching: take a free seat to play.",
  err_not_your_turn: "It is not your turn.",
  err_illegal: "The rules do not allow this move now.",
  err_stale: "The table changed while you chose: look again and play.",
  err_conflict: "The table changed on another server: look again and play.",
  err_not_found: "This table does not exist (or no longer does).",
  err_bad_table: "This table cannot be created: an option has a value that is not allowed.",
  err_too_many_tables: "The server already has as many tables in play as it allows: try again once a game has"
    + " finished or been left.",
  err_invalid: "A value of the form is not allowed.",
  err_bad_join: "Give a name and a valid seat.",
  err_seat_unavailable: "This seat is no longer free (or the game is over).",
  err_name_taken: "A player at this table already goes by this name: choose another one.",
  err_not_over: "The game is not over yet.",
  err_hidden: "The full deals can be downloaded once the game is over.",
  err_http_error: "The server refused the request.",
  err_network: "The server does not answer.",
  bad_table_because: "This table cannot be created: {0}.",
  quoted: "“{0}”",
  // the score sheet of a table played with real cards (scorer.js)
  score_sheet: "Score sheet",
  sheet_intro: "For a game played with real cards: enter each deal, the points are counted by the rules chosen.",
  start_sheet: "Start the sheet",
  add_deal: "Add a deal",
  declarers: "Declarers",
  tricks_together: "Declarers' tricks",
  tricks_of: "{0}'s tricks",
  trou_needed: "Tricks needed",
  queens: "queens", queens_taken: "Queens taken",
  double_deal: "The deal counts double",
  penalty: "Penalty", penalty_to: "Referee's penalty (−15) to",
  tricks_of_side: "Side",
  honours_none: "none",
  honours_row: "honours",
  call_at_eight: "Call at eight",
  called_by: "Called at eight: {0}",
  game_won_by_side: "game: {0}", rubber_won_by_side: "rubber: {0}",
  no_entries: "No deal yet.",
  sheet_started: "Started", sheet_changed: "last changed",
  no_sheet: "No score sheet at this link.",
  sheet_gone: "This score sheet no longer exists on the server: no more entries can be added to it.",
  sheet_gone_days: "This score sheet no longer exists on the server, which deletes the sheets nobody changed for {0}: no more entries can be added to it.",
  one_day: "1 day", n_days: "{0} days",
  sheet_gone_scores: "The scores above stay shown as the page last got them: copy them down, or keep the sheet's file, before leaving the page.",
  sheet_again: "New sheet with the same players",
  no_page: "No page at this address: check it, or go back home.",
  no_table: "No table at this link: check the address, or create a table from the home page.",
  sheet_conflict: "The sheet kept changing elsewhere: look at it and try again.",
  undo: "Undo the last entry",
  confirm_undo: "Undo entry #{0}? It will be removed from the sheet.",
  download_csv: "Download (CSV)", download_json: "File for whist sheet (JSON)",
  sheet_link: "Whoever has this sheet's link can read and change it: give it to the scorers only.",
};

const LANGS = { fr: FR, en: EN };

// The language the page opens in: the one chosen with its switch before, in this browser; else the
// first of the browser's own languages that the page speaks; else French, the clubs' language.
// Where the switch's choice is kept. (Until 2026-12-05 the page stored its language under
// "whist.lang" at every load, chosen or not: that key is no choice, and is not read.)
const CHOSEN = "whist.language";

function openingLang() {
  const chosen = localStorage.getItem(CHOSEN);
  if (chosen in LANGS) return chosen;
  const wanted = typeof navigator === "undefined" ? [] : navigator.languages || [navigator.language];
  for (const tag of wanted) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in LANGS) return code;
  }
  return "fr";
}

let current = openingLang();

export function lang() {
  return current;
}

// The page's language from now on; kept for the next visits when the person `chose` it (the
// switch), not when the page only opened in it.
export function setLang(code, chosen = true) {
  current = code === "en" ? "en" : "fr";
  if (chosen) localStorage.setItem(CHOSEN, current);
  document.documentElement.lang = current;
}

// `t(key, ...args)`: {0} is args[0]; {de0} is French "de" and args[0], elided before a vowel or
// a mute h ("de Bruno", "d'Anne", "d'Hélène").
let game = "couleur";

// The game whose words t() says from now on: "classic" or "couleur" (a trick is a levée in the
// one, a pli in the other).
export function setGame(name) {
  game = name === "classic" ? "classic" : "couleur";
}

export function t(key, ...args) {
  const words = LANGS[current];
  const s = (game === "classic" ? words[key + "_classic"] : undefined) ?? words[key] ?? FR[key] ?? key;
  return frenchSpaces(s.replace(/\{(de)?(\d)\}/g, (_, de, i) => {
    const arg = String(args[Number(i)] ?? "");
    if (!de) return arg;
    return (/^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(arg) ? "d'" : "de ") + arg;
  }));
}

// French `text` with the space before « : ; ? ! » and after « made non-breaking, as French sets
// them, so that no line of a narrow screen begins with the colon of « Gagnant : Ouest »; the
// words of the page, and the server's (a refusal, an option's meaning) alike. English, as it is.
export function frenchSpaces(text) {
  if (current !== "fr" || typeof text !== "string") return text;
  return text.replace(/ ([:;?!»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}

export function has(key) {
  return key in LANGS[current];
}

// What the page says of an error the server sent (its code, English message and, for a refused
// action, the French one): in French the server's French message when it sent one, else the French
// text of its code; in English the server's own message, which names the problem.
export function errorText(code, message, messageFr) {
  if (current === "fr" && messageFr) return frenchSpaces(messageFr);
  if (current === "fr" && has("err_" + code)) return t("err_" + code);
  return message || t("err_" + (code || "network"));
}

// `text` begun with a capital, as a sentence on a line of its own ("you do not hold Q♠").
export function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// A moment (Unix time: a game's end, a score sheet's last change) in the page's language: the time
// if it was today, else the day too, and the year if it was not this year ("14 mars 2025 10:30").
export function whenText(seconds) {
  const at = new Date(seconds * 1000), now = new Date();
  const locale = current === "fr" ? "fr-FR" : "en-GB";
  const time = at.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  if (at.toDateString() === now.toDateString()) return time;
  const year = at.getFullYear() === now.getFullYear() ? undefined : "numeric";
  return `${at.toLocaleDateString(locale, { day: "numeric", month: "short", year })} ${time}`;
}

// A number in the page's language: a decimal comma in French ("1,5"), a point in English ("1.5").
export function numberText(v) {
  return v.toLocaleString(current === "fr" ? "fr-FR" : "en-GB");
}

// `n` tricks, in the page's language: French counts none and one in the singular ("0 pli",
// "1 pli", "2 plis"), English one only ("0 tricks", "1 trick").
export function tricksText(n) {
  return t(n > 1 || (n === 0 && current === "en") ? "tricks_many" : "tricks_one", n);
}

export function seatName(seat) {
  return t("seat_" + seat);
}

// A player's name as the page shows it: a seat left unnamed, which a sheet keeps under the seat's
// name in the language it was started in ("North"), in this page's language ("Nord").
export function playerName(seat, name) {
  return Object.values(LANGS).some((l) => l["seat_" + seat] === name) ? seatName(seat) : name;
}
