-- Mail providers and their domains (docs/decisions/0101-mail-providers.md).
-- An address belongs to the provider of its domain (the part after '@', lower-cased); a domain that is not
-- listed belongs to 'Other'. Matching is exact: regional subdomains (e.g. nc.rr.com) are listed one by one
-- when they matter. Idempotent: providers and domains already present (for example a domain an admin added
-- to the spam-domain list) are left untouched.
INSERT INTO "mail_providers" ("name") VALUES
  ('Gmail'), ('Yahoo'), ('Outlook'), ('AOL'), ('iCloud'), ('GMX'), ('Mail.com'), ('Web.de'), ('T-Online'),
  ('Freenet'), ('Mail.ru'), ('Yandex'), ('Rambler'), ('Ukr.net'), ('Comcast'), ('Verizon'), ('AT&T'), ('Cox'),
  ('Charter'), ('Earthlink'), ('Juno/NetZero'), ('Optimum'), ('Frontier'), ('CenturyLink'), ('Windstream'),
  ('Shaw'), ('Rogers'), ('Sympatico'), ('Telus'), ('Videotron'), ('BT'), ('Sky'), ('Virgin Media'),
  ('TalkTalk'), ('Orange'), ('Free.fr'), ('SFR'), ('Laposte'), ('Bouygues'), ('Libero'), ('Virgilio'),
  ('TIM'), ('Tiscali'), ('Seznam'), ('Interia'), ('WP.pl'), ('O2.pl'), ('Onet'), ('KPN'), ('Ziggo'),
  ('Telenet'), ('Proximus'), ('Bigpond'), ('Optus'), ('Xtra'), ('UOL'), ('Terra'), ('QQ'), ('NetEase'),
  ('Sina'), ('Sohu'), ('Naver'), ('Daum'), ('Rediff'), ('Zoho'), ('ProtonMail'), ('Tutanota'), ('Fastmail'),
  ('Trash Mail'), ('GI'), ('Other')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "mail_provider_domains" ("domain", "mail_provider_id", "is_blacklisted")
SELECT v.domain, p.id, false
FROM (VALUES
  ('gmail.com', 'Gmail'), ('googlemail.com', 'Gmail'),

  ('yahoo.com', 'Yahoo'), ('ymail.com', 'Yahoo'), ('rocketmail.com', 'Yahoo'),
  ('yahoo.co.uk', 'Yahoo'), ('yahoo.fr', 'Yahoo'), ('yahoo.de', 'Yahoo'), ('yahoo.it', 'Yahoo'),
  ('yahoo.es', 'Yahoo'), ('yahoo.ca', 'Yahoo'), ('yahoo.ie', 'Yahoo'), ('yahoo.gr', 'Yahoo'),
  ('yahoo.at', 'Yahoo'), ('yahoo.be', 'Yahoo'), ('yahoo.nl', 'Yahoo'), ('yahoo.se', 'Yahoo'),
  ('yahoo.dk', 'Yahoo'), ('yahoo.no', 'Yahoo'), ('yahoo.fi', 'Yahoo'), ('yahoo.pl', 'Yahoo'),
  ('yahoo.ro', 'Yahoo'), ('yahoo.cz', 'Yahoo'), ('yahoo.hu', 'Yahoo'), ('yahoo.pt', 'Yahoo'),
  ('yahoo.ch', 'Yahoo'), ('yahoo.in', 'Yahoo'), ('yahoo.co.in', 'Yahoo'), ('yahoo.co.id', 'Yahoo'),
  ('yahoo.co.nz', 'Yahoo'), ('yahoo.co.za', 'Yahoo'), ('yahoo.co.th', 'Yahoo'), ('yahoo.co.il', 'Yahoo'),
  ('yahoo.com.au', 'Yahoo'), ('yahoo.com.br', 'Yahoo'), ('yahoo.com.mx', 'Yahoo'), ('yahoo.com.ar', 'Yahoo'),
  ('yahoo.com.co', 'Yahoo'), ('yahoo.com.pe', 'Yahoo'), ('yahoo.com.ve', 'Yahoo'), ('yahoo.cl', 'Yahoo'),
  ('yahoo.com.sg', 'Yahoo'), ('yahoo.com.my', 'Yahoo'), ('yahoo.com.ph', 'Yahoo'), ('yahoo.com.hk', 'Yahoo'),
  ('yahoo.com.tw', 'Yahoo'), ('yahoo.com.vn', 'Yahoo'), ('yahoo.com.tr', 'Yahoo'), ('yahoo.ae', 'Yahoo'),

  ('outlook.com', 'Outlook'), ('hotmail.com', 'Outlook'), ('live.com', 'Outlook'), ('msn.com', 'Outlook'),
  ('passport.com', 'Outlook'), ('windowslive.com', 'Outlook'),
  ('outlook.fr', 'Outlook'), ('outlook.de', 'Outlook'), ('outlook.it', 'Outlook'), ('outlook.es', 'Outlook'),
  ('outlook.jp', 'Outlook'), ('outlook.com.br', 'Outlook'), ('outlook.com.au', 'Outlook'),
  ('hotmail.co.uk', 'Outlook'), ('hotmail.fr', 'Outlook'), ('hotmail.de', 'Outlook'), ('hotmail.it', 'Outlook'),
  ('hotmail.es', 'Outlook'), ('hotmail.be', 'Outlook'), ('hotmail.nl', 'Outlook'), ('hotmail.se', 'Outlook'),
  ('hotmail.no', 'Outlook'), ('hotmail.dk', 'Outlook'), ('hotmail.fi', 'Outlook'), ('hotmail.gr', 'Outlook'),
  ('hotmail.ca', 'Outlook'), ('hotmail.com.au', 'Outlook'), ('hotmail.com.br', 'Outlook'),
  ('hotmail.com.ar', 'Outlook'), ('hotmail.com.mx', 'Outlook'), ('hotmail.co.jp', 'Outlook'),
  ('live.co.uk', 'Outlook'), ('live.fr', 'Outlook'), ('live.de', 'Outlook'), ('live.it', 'Outlook'),
  ('live.nl', 'Outlook'), ('live.be', 'Outlook'), ('live.ca', 'Outlook'), ('live.com.au', 'Outlook'),
  ('live.com.mx', 'Outlook'), ('live.com.ar', 'Outlook'), ('live.cl', 'Outlook'), ('live.se', 'Outlook'),
  ('live.no', 'Outlook'), ('live.dk', 'Outlook'), ('live.at', 'Outlook'), ('live.ie', 'Outlook'),
  ('live.jp', 'Outlook'), ('live.ru', 'Outlook'),

  ('aol.com', 'AOL'), ('aim.com', 'AOL'), ('aol.co.uk', 'AOL'), ('aol.fr', 'AOL'), ('aol.de', 'AOL'),
  ('aol.it', 'AOL'), ('cs.com', 'AOL'), ('netscape.net', 'AOL'), ('wmconnect.com', 'AOL'),
  ('love.com', 'AOL'), ('games.com', 'AOL'), ('wow.com', 'AOL'), ('ygm.com', 'AOL'),

  ('icloud.com', 'iCloud'), ('me.com', 'iCloud'), ('mac.com', 'iCloud'),

  ('gmx.de', 'GMX'), ('gmx.net', 'GMX'), ('gmx.com', 'GMX'), ('gmx.at', 'GMX'), ('gmx.ch', 'GMX'),
  ('gmx.fr', 'GMX'), ('gmx.es', 'GMX'), ('gmx.co.uk', 'GMX'), ('gmx.us', 'GMX'),
  ('mail.com', 'Mail.com'), ('email.com', 'Mail.com'), ('usa.com', 'Mail.com'), ('post.com', 'Mail.com'),
  ('europe.com', 'Mail.com'), ('asia.com', 'Mail.com'), ('consultant.com', 'Mail.com'),
  ('engineer.com', 'Mail.com'), ('myself.com', 'Mail.com'), ('dr.com', 'Mail.com'),
  ('web.de', 'Web.de'),
  ('t-online.de', 'T-Online'), ('magenta.de', 'T-Online'),
  ('freenet.de', 'Freenet'),

  ('mail.ru', 'Mail.ru'), ('bk.ru', 'Mail.ru'), ('inbox.ru', 'Mail.ru'), ('list.ru', 'Mail.ru'),
  ('internet.ru', 'Mail.ru'),
  ('yandex.ru', 'Yandex'), ('yandex.com', 'Yandex'), ('ya.ru', 'Yandex'), ('yandex.ua', 'Yandex'),
  ('yandex.by', 'Yandex'), ('yandex.kz', 'Yandex'), ('yandex.com.tr', 'Yandex'), ('narod.ru', 'Yandex'),
  ('rambler.ru', 'Rambler'), ('lenta.ru', 'Rambler'), ('autorambler.ru', 'Rambler'),
  ('myrambler.ru', 'Rambler'), ('ro.ru', 'Rambler'), ('rambler.ua', 'Rambler'),
  ('ukr.net', 'Ukr.net'),

  ('comcast.net', 'Comcast'),
  ('verizon.net', 'Verizon'),
  ('att.net', 'AT&T'), ('sbcglobal.net', 'AT&T'), ('bellsouth.net', 'AT&T'), ('pacbell.net', 'AT&T'),
  ('swbell.net', 'AT&T'), ('ameritech.net', 'AT&T'), ('flash.net', 'AT&T'), ('prodigy.net', 'AT&T'),
  ('nvbell.net', 'AT&T'), ('snet.net', 'AT&T'),
  ('cox.net', 'Cox'),
  ('charter.net', 'Charter'), ('spectrum.net', 'Charter'), ('twc.com', 'Charter'), ('rr.com', 'Charter'),
  ('roadrunner.com', 'Charter'), ('brighthouse.com', 'Charter'),
  ('earthlink.net', 'Earthlink'), ('mindspring.com', 'Earthlink'), ('peoplepc.com', 'Earthlink'),
  ('juno.com', 'Juno/NetZero'), ('netzero.net', 'Juno/NetZero'), ('netzero.com', 'Juno/NetZero'),
  ('optonline.net', 'Optimum'), ('optimum.net', 'Optimum'),
  ('frontier.com', 'Frontier'), ('frontiernet.net', 'Frontier'),
  ('centurylink.net', 'CenturyLink'), ('embarqmail.com', 'CenturyLink'), ('q.com', 'CenturyLink'),
  ('windstream.net', 'Windstream'),

  ('shaw.ca', 'Shaw'),
  ('rogers.com', 'Rogers'),
  ('sympatico.ca', 'Sympatico'), ('bell.net', 'Sympatico'),
  ('telus.net', 'Telus'),
  ('videotron.ca', 'Videotron'),

  ('btinternet.com', 'BT'), ('btopenworld.com', 'BT'), ('talk21.com', 'BT'),
  ('sky.com', 'Sky'),
  ('virginmedia.com', 'Virgin Media'), ('virgin.net', 'Virgin Media'), ('ntlworld.com', 'Virgin Media'),
  ('blueyonder.co.uk', 'Virgin Media'),
  ('talktalk.net', 'TalkTalk'), ('tiscali.co.uk', 'TalkTalk'),

  ('orange.fr', 'Orange'), ('wanadoo.fr', 'Orange'),
  ('free.fr', 'Free.fr'), ('aliceadsl.fr', 'Free.fr'), ('online.fr', 'Free.fr'), ('libertysurf.fr', 'Free.fr'),
  ('sfr.fr', 'SFR'), ('neuf.fr', 'SFR'), ('club-internet.fr', 'SFR'), ('cegetel.net', 'SFR'),
  ('9online.fr', 'SFR'), ('noos.fr', 'SFR'), ('numericable.fr', 'SFR'),
  ('laposte.net', 'Laposte'),
  ('bbox.fr', 'Bouygues'),

  ('libero.it', 'Libero'), ('inwind.it', 'Libero'), ('iol.it', 'Libero'), ('blu.it', 'Libero'),
  ('giallo.it', 'Libero'),
  ('virgilio.it', 'Virgilio'),
  ('alice.it', 'TIM'), ('tin.it', 'TIM'), ('tim.it', 'TIM'),
  ('tiscali.it', 'Tiscali'),

  ('seznam.cz', 'Seznam'), ('email.cz', 'Seznam'), ('post.cz', 'Seznam'), ('spoluzaci.cz', 'Seznam'),
  ('interia.pl', 'Interia'), ('interia.eu', 'Interia'), ('poczta.fm', 'Interia'),
  ('wp.pl', 'WP.pl'),
  ('o2.pl', 'O2.pl'), ('tlen.pl', 'O2.pl'), ('go2.pl', 'O2.pl'),
  ('onet.pl', 'Onet'), ('op.pl', 'Onet'), ('vp.pl', 'Onet'), ('onet.eu', 'Onet'),

  ('kpnmail.nl', 'KPN'), ('planet.nl', 'KPN'), ('hetnet.nl', 'KPN'), ('xs4all.nl', 'KPN'),
  ('ziggo.nl', 'Ziggo'), ('home.nl', 'Ziggo'), ('casema.nl', 'Ziggo'),
  ('telenet.be', 'Telenet'),
  ('skynet.be', 'Proximus'), ('proximus.be', 'Proximus'),

  ('bigpond.com', 'Bigpond'), ('bigpond.net.au', 'Bigpond'), ('telstra.com', 'Bigpond'),
  ('optusnet.com.au', 'Optus'),
  ('xtra.co.nz', 'Xtra'),
  ('uol.com.br', 'UOL'), ('bol.com.br', 'UOL'),
  ('terra.com.br', 'Terra'),

  ('qq.com', 'QQ'), ('foxmail.com', 'QQ'), ('vip.qq.com', 'QQ'),
  ('163.com', 'NetEase'), ('126.com', 'NetEase'), ('yeah.net', 'NetEase'), ('188.com', 'NetEase'),
  ('vip.163.com', 'NetEase'),
  ('sina.com', 'Sina'), ('sina.cn', 'Sina'),
  ('sohu.com', 'Sohu'),
  ('naver.com', 'Naver'),
  ('daum.net', 'Daum'), ('hanmail.net', 'Daum'),
  ('rediffmail.com', 'Rediff'), ('rediff.com', 'Rediff'),

  ('zoho.com', 'Zoho'), ('zohomail.com', 'Zoho'), ('zoho.eu', 'Zoho'), ('zohomail.eu', 'Zoho'),
  ('protonmail.com', 'ProtonMail'), ('protonmail.ch', 'ProtonMail'), ('proton.me', 'ProtonMail'),
  ('pm.me', 'ProtonMail'),
  ('tutanota.com', 'Tutanota'), ('tutanota.de', 'Tutanota'), ('tutamail.com', 'Tutanota'),
  ('tuta.io', 'Tutanota'), ('tuta.com', 'Tutanota'), ('keemail.me', 'Tutanota'),
  ('fastmail.com', 'Fastmail'), ('fastmail.fm', 'Fastmail'),

  ('mailinator.com', 'Trash Mail'), ('mailinator.net', 'Trash Mail'), ('binkmail.com', 'Trash Mail'),
  ('bobmail.info', 'Trash Mail'), ('suremail.info', 'Trash Mail'),
  ('guerrillamail.com', 'Trash Mail'), ('guerrillamail.net', 'Trash Mail'), ('guerrillamail.org', 'Trash Mail'),
  ('guerrillamail.biz', 'Trash Mail'), ('guerrillamail.de', 'Trash Mail'), ('guerrillamailblock.com', 'Trash Mail'),
  ('sharklasers.com', 'Trash Mail'), ('grr.la', 'Trash Mail'), ('pokemail.net', 'Trash Mail'),
  ('spam4.me', 'Trash Mail'),
  ('10minutemail.com', 'Trash Mail'), ('10minutemail.net', 'Trash Mail'),
  ('yopmail.com', 'Trash Mail'), ('yopmail.fr', 'Trash Mail'), ('yopmail.net', 'Trash Mail'),
  ('temp-mail.org', 'Trash Mail'), ('temp-mail.io', 'Trash Mail'),
  ('tempail.com', 'Trash Mail'), ('tempr.email', 'Trash Mail'), ('mytemp.email', 'Trash Mail'),
  ('trashmail.com', 'Trash Mail'), ('trashmail.de', 'Trash Mail'), ('trashmail.net', 'Trash Mail'),
  ('trashmail.me', 'Trash Mail'), ('throwawaymail.com', 'Trash Mail'), ('getnada.com', 'Trash Mail'),
  ('dispostable.com', 'Trash Mail'), ('maildrop.cc', 'Trash Mail'), ('mailnesia.com', 'Trash Mail'),
  ('mintemail.com', 'Trash Mail'), ('mohmal.com', 'Trash Mail'), ('discard.email', 'Trash Mail'),
  ('fakeinbox.com', 'Trash Mail'), ('spamgourmet.com', 'Trash Mail'), ('mailcatch.com', 'Trash Mail'),
  ('emailondeck.com', 'Trash Mail'), ('burnermail.io', 'Trash Mail'),

  ('google.com', 'GI'), ('googlegroups.com', 'GI')
) AS v ("domain", "provider")
JOIN "mail_providers" p ON p."name" = v."provider"
ON CONFLICT ("domain") DO NOTHING;
