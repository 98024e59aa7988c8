-- Hand-written (decision 041): a database seeded before demo_record existed (migration 0017)
-- has only its demo accounts and the demo bank account marked. This marks the seed's properties
-- and bookings of such a database, by what only the seed produces, and nothing else:
--
-- A property is the seed's when ALL of these hold:
--   - its owner is the seed's admin (admin@demo.traumurlaub.de, marked by 0017);
--   - title, city and country are one of the seed's 51 properties exactly (db/seed-data.ts;
--     unchanged since the first seed), so a demo apartment the operator renamed or moved counts
--     as the operator's own and stays;
--   - it was created before that admin's login (its credential "account" row, written by the
--     sign-up at seed time and never back-dated): the seed back-dates every property by at
--     least a week, while anything made in the app (form, autosave, CSV import) gets now().
-- A booking is the seed's when a demo account made it on a demo property or paid it to the demo
-- bank account: no real guest is part of it, and no money of the operator. (The seed's bookings
-- on a demo apartment the operator renamed are found by the demo IBAN; without them "Demodaten
-- entfernen" would refuse, as they name the demo account.) Other bookings of demo accounts on
-- the operator's own properties stay unmarked (removal anonymises them, as for any deleted
-- account).
-- Reviews go with their property (cascade) and need no marker.
INSERT INTO "demo_record" ("entity", "entity_id")
  SELECT 'property', p."id"
  FROM "property" p
  JOIN "user" u ON u."id" = p."owner_id"
  JOIN "demo_record" du ON du."entity" = 'user' AND du."entity_id" = u."id"
  WHERE lower(u."email") = 'admin@demo.traumurlaub.de'
    AND p."created_at" < (SELECT min(a."created_at") FROM "account" a WHERE a."user_id" = u."id")
    AND (p."title", p."city", p."country") IN (VALUES
    ('Strandnahe Ferienwohnung Dünenblick', 'Sylt', 'Deutschland'),
    ('Kapitänshaus an der Warnow', 'Rostock', 'Deutschland'),
    ('Altbauwohnung am Prenzlauer Berg', 'Berlin', 'Deutschland'),
    ('Chalet Zugspitzblick', 'Garmisch-Partenkirchen', 'Deutschland'),
    ('Loft in der Hamburger Speicherstadt', 'Hamburg', 'Deutschland'),
    ('Ostseeloft mit Balkon an der Strandpromenade', 'Binz', 'Deutschland'),
    ('Almhütte am Königssee', 'Berchtesgaden', 'Deutschland'),
    ('Stadtwohnung nahe dem Viktualienmarkt', 'München', 'Deutschland'),
    ('Ferienhaus am Bodensee mit Seezugang', 'Konstanz', 'Deutschland'),
    ('Altstadtapartment mit Schlossblick', 'Heidelberg', 'Deutschland'),
    ('Schwarzwaldhaus am Stadtrand', 'Freiburg im Breisgau', 'Deutschland'),
    ('Apartment an der Frauenkirche', 'Dresden', 'Deutschland'),
    ('Backsteinhaus an der Trave', 'Lübeck', 'Deutschland'),
    ('Gründerzeitwohnung im Waldstraßenviertel', 'Leipzig', 'Deutschland'),
    ('Chalet Gamsblick mit Sauna', 'Kitzbühel', 'Österreich'),
    ('Seeapartment am Zeller See', 'Zell am See', 'Österreich'),
    ('Wiener Altbauwohnung nahe dem Naschmarkt', 'Wien', 'Österreich'),
    ('Bergblick-Apartment in der Altstadt', 'Innsbruck', 'Österreich'),
    ('Altstadtwohnung mit Festungsblick', 'Salzburg', 'Österreich'),
    ('Chalet mit Matterhornblick', 'Zermatt', 'Schweiz'),
    ('Seeblick-Wohnung an der Kapellbrücke', 'Luzern', 'Schweiz'),
    ('Ferienwohnung Jungfrau', 'Interlaken', 'Schweiz'),
    ('Engadiner Haus mit Arvenstube', 'St. Moritz', 'Schweiz'),
    ('Villa mit Pool am Gardasee', 'Riva del Garda', 'Italien'),
    ('Palazzo-Wohnung nahe dem Dom', 'Florenz', 'Italien'),
    ('Rustico zwischen Weinbergen', 'Siena', 'Italien'),
    ('Ferienwohnung mit Meerblick an der Amalfiküste', 'Positano', 'Italien'),
    ('Finca mit Pool und Olivengarten', 'Palma', 'Spanien'),
    ('Strandapartment an der Costa del Sol', 'Málaga', 'Spanien'),
    ('Penthouse im Gotischen Viertel', 'Barcelona', 'Spanien'),
    ('Ferienhaus mit Dachterrasse am Atlantik', 'Puerto de la Cruz', 'Spanien'),
    ('Appartement an der Promenade des Anglais', 'Nizza', 'Frankreich'),
    ('Landhaus mit Lavendelgarten', 'Avignon', 'Frankreich'),
    ('Dachgeschosswohnung im Marais', 'Paris', 'Frankreich'),
    ('Steinhaus in der Altstadt', 'Split', 'Kroatien'),
    ('Apartment mit Blick auf die Stadtmauern', 'Dubrovnik', 'Kroatien'),
    ('Villa mit Pool in Istrien', 'Rovinj', 'Kroatien'),
    ('Kykladenhaus mit Sonnenterrasse', 'Naxos', 'Griechenland'),
    ('Strandvilla am Kretischen Meer', 'Chania', 'Griechenland'),
    ('Studio mit Caldera-Blick', 'Oia', 'Griechenland'),
    ('Altbauwohnung in der Alfama', 'Lissabon', 'Portugal'),
    ('Strandhaus an der Algarve', 'Lagos', 'Portugal'),
    ('Wohnung am Douro-Ufer', 'Porto', 'Portugal'),
    ('Grachtenhaus-Apartment im Jordaan', 'Amsterdam', 'Niederlande'),
    ('Dünenhaus an der Nordseeküste', 'Zandvoort', 'Niederlande'),
    ('Skandinavisches Ferienhaus mit Sauna', 'Blåvand', 'Dänemark'),
    ('Design-Apartment in Nyhavn', 'Kopenhagen', 'Dänemark'),
    ('Altstadtwohnung an der Langgasse', 'Danzig', 'Polen'),
    ('Apartment mit Blick auf die Karlsbrücke', 'Prag', 'Tschechien'),
    ('Wohnung am Grünen Kanal', 'Brügge', 'Belgien'),
    ('Chalet am Gasteiner Wasserfall', 'Bad Gastein', 'Österreich')
    )
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_record" ("entity", "entity_id")
  SELECT 'booking', b."id"
  FROM "booking" b
  JOIN "demo_record" du ON du."entity" = 'user' AND du."entity_id" = b."user_id"
  WHERE EXISTS (SELECT 1 FROM "demo_record" dp
                WHERE dp."entity" = 'property' AND dp."entity_id" = b."property_id")
     OR EXISTS (SELECT 1 FROM "demo_record" da
                WHERE da."entity" = 'bank_account' AND da."entity_id" = b."bank_account_id")
  ON CONFLICT DO NOTHING;
