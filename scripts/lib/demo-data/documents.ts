/**
 * The demo data's documents (app/documents/document.ts): what the 20 evaluations ask members to
 * score and what the 30 info messages announce, in English, German and Arabic. Evaluation i is of
 * the chapter the plan gives it (CITIES[(i - 1) % 15] of shape.ts: Berlin … Anchorage, then Berlin …
 * Tokyo again); info message i fits the event name the plan gives it. Every text is fictional.
 *
 * Each document is as `evaluationDraftSchema`/`infoDraftSchema` read it back: trimmed, "\n" line
 * breaks, no raw HTML (not even a "<"), titles of at most 120 characters.
 */
import type { EvaluationDocument, InfoDocument } from "../../../app/documents/document.js";

export const DEMO_EVALUATION_DOCUMENTS: readonly EvaluationDocument[] = [
  // 1 Berlin
  {
    kind: "evaluation",
    language: "de",
    title: "Wie gut hat das Kapitel Berlin den Haustürwahlkampf im Frühjahr geführt?",
    body: `Im April und Mai hat das Kapitel Berlin in drei Bezirken an Wohnungstüren geklingelt, um mit Nachbarinnen und Nachbarn über unser Programm für bezahlbares Wohnen und bessere Busverbindungen zu sprechen. Bitte bewerten Sie, wie gut die Aktion geplant, durchgeführt und ausgewertet wurde.

### Zahlen und Fakten

- 46 Einsätze an 19 Wochenenden, jeweils in Zweierteams
- rund 5.800 Türen, an denen geklingelt wurde, und etwa 1.900 Gespräche
- 312 Rückmeldebögen mit Anliegen aus der Nachbarschaft
- eine Schulung für alle neuen Freiwilligen vor dem ersten Einsatz

### Worauf Sie achten können

1. War die Route sinnvoll und die Einteilung der Teams fair?
2. Wurden die Anliegen der Menschen ernst genommen und dokumentiert?
3. Gab es nach dem Ende der Aktion eine Rückmeldung an alle Beteiligten?

> „Die meisten Leute haben sich gefreut, dass jemand zuhört.“ – eine Freiwillige aus dem Team Nord

Den vollständigen Abschlussbericht finden Sie unter [example.org/berlin/haustuer-bericht](https://example.org/berlin/haustuer-bericht).`,
    scale: {
      min: "Der Haustürwahlkampf war schlecht organisiert und hat dem Kapitel eher geschadet.",
      zero: "Der Haustürwahlkampf war durchschnittlich, Stärken und Schwächen hielten sich die Waage.",
      max: "Der Haustürwahlkampf war hervorragend geplant, durchgeführt und ausgewertet.",
    },
  },
  // 2 London
  {
    kind: "evaluation",
    language: "en",
    title: "How well did the London chapter run its autumn town hall series?",
    body: `Between September and November the London chapter hosted six town hall evenings in community centres across the city, each on one local issue. Members are asked to score how well the series was organised and how useful it was for residents and for the party.

### The series at a glance

- six evenings with 40 to 110 attendees each, about 430 in total
- topics: rents, bus reliability, youth services, air quality, street safety and the high street
- every evening had an independent moderator and step-free access
- questions submitted in advance were answered in a written summary

### Criteria to consider

1. Did the format give residents enough time to speak?
2. Were the summaries published promptly and in plain language?
3. Did the chapter follow up on the issues that were raised?

The summaries are online at [example.org/london/town-halls](https://example.org/london/town-halls), and the attendance figures at [example.org/london/town-halls/figures](https://example.org/london/town-halls/figures).`,
    scale: {
      min: "The series was poorly run and left residents with a worse impression of the chapter.",
      zero: "The series was adequate: neither a clear success nor a failure.",
      max: "The series was excellent, well attended and followed up on every issue raised.",
    },
  },
  // 3 New York
  {
    kind: "evaluation",
    language: "en",
    title: "How well did the New York chapter grow its membership this year?",
    body: `The New York chapter set itself the goal of growing from 9 to 16 members in twelve months while keeping existing members involved. This evaluation asks how well it met that goal: not only in numbers, but in how newcomers were welcomed.

### What happened

- 7 new members joined and 1 member left, so the chapter now has 15
- monthly welcome evenings were held, alternating between two boroughs
- every newcomer was paired with a **buddy** for the first three months
- a short survey went out after 90 days, and 6 of the 7 newcomers answered

### Please consider

- Was the goal realistic, and was the shortfall explained honestly?
- Did new members find a role in the chapter's work?
- Is the chapter more varied in age and background than a year ago?

> Growth is only useful if people stay.

The full membership report is at [example.org/new-york/membership-report](https://example.org/new-york/membership-report).`,
    scale: {
      min: "The chapter lost ground: fewer active members, and newcomers left feeling unwelcome.",
      zero: "Membership stayed roughly where it was, with no clear progress or decline.",
      max: "The chapter grew strongly and newcomers quickly found a meaningful role.",
    },
  },
  // 4 Lagos
  {
    kind: "evaluation",
    language: "en",
    title: "How good is the Lagos chapter's policy paper on safer and cheaper commuting?",
    body: `In June the Lagos chapter published a twelve-page policy paper on daily commuting in the city: minibus routes, ferry connections, walking safety and the cost of getting to work. Members are asked to judge the quality of the paper and of the process that produced it.

### How the paper was made

1. Four listening sessions at bus parks and ferry terminals
2. A survey of 640 commuters, carried out by volunteers over three weeks
3. Two rounds of comments from chapter members
4. A review by two independent transport researchers

### Main proposals

- a single fare card valid on buses and ferries
- shaded, well-lit waiting areas at the twenty busiest stops
- published timetables for the main ferry routes
- **safe crossings** near every school on a main road

Read the paper at [example.org/lagos/commuting-paper](https://example.org/lagos/commuting-paper) and the survey data at [example.org/lagos/commuting-survey](https://example.org/lagos/commuting-survey).`,
    scale: {
      min: "The paper is poorly researched and its proposals would not help commuters.",
      zero: "The paper is acceptable but adds little that was not already known.",
      max: "The paper is thorough, well argued and a strong basis for the party's work on transport.",
    },
  },
  // 5 Tokyo
  {
    kind: "evaluation",
    language: "en",
    title: "How well did the Tokyo chapter train its new volunteers?",
    body: `Over the winter the Tokyo chapter ran a training programme for members and supporters who want to help at events, answer questions at information stands and organise local meetings. Please score how well the programme prepared people for that work.

### The programme

- four Saturday sessions of three hours each, in Japanese with English materials
- modules: the party's principles, talking with the public, running a meeting, data protection
- a practice day at an information stand alongside an experienced volunteer
- 28 participants, 24 of whom completed all four sessions

### Questions to ask yourself

1. Did the newly trained volunteers feel confident at their first event?
2. Were the materials clear and up to date?
3. Was the programme accessible to people who work on weekends?

> **Note:** the chapter plans a weekday evening version of the course next year.

The training handbook is available at [example.org/tokyo/volunteer-handbook](https://example.org/tokyo/volunteer-handbook).`,
    scale: {
      min: "The training left volunteers unprepared and discouraged them from taking part.",
      zero: "The training was of average use: some parts helped, others did not.",
      max: "The training prepared every participant well, and they now volunteer with confidence.",
    },
  },
  // 6 Buenos Aires
  {
    kind: "evaluation",
    language: "de",
    title: "Wie transparent hat das Kapitel Buenos Aires seine Finanzen offengelegt?",
    body: `Das Kapitel Buenos Aires hat im vergangenen Jahr erstmals einen ausführlichen Finanzbericht veröffentlicht, der alle Einnahmen und Ausgaben des Kapitels aufschlüsselt. Bitte bewerten Sie, wie verständlich, vollständig und rechtzeitig die Mitglieder informiert wurden.

### Was veröffentlicht wurde

- ein Jahresbericht mit allen Einnahmen aus Beiträgen und Spenden
- eine Aufstellung der Ausgaben nach Kategorien: Miete, Material, Veranstaltungen, Reisen
- das Ergebnis der Prüfung durch zwei gewählte Kassenprüferinnen
- das Protokoll einer offenen Fragestunde, zu der alle Mitglieder eingeladen waren

### Kriterien

1. Ist der Bericht auch ohne Vorkenntnisse in Buchhaltung verständlich?
2. Wurden größere Spenden ab der festgelegten Grenze einzeln ausgewiesen?
3. Lag der Bericht rechtzeitig vor der Mitgliederversammlung vor?

> **Hinweis:** Die Namen von Spenderinnen und Spendern unterhalb der Grenze wurden nicht veröffentlicht.

Der Bericht steht unter [example.org/buenos-aires/finanzbericht](https://example.org/buenos-aires/finanzbericht) zum Download bereit.`,
    scale: {
      min: "Die Finanzen blieben undurchsichtig, und wichtige Angaben fehlten oder waren falsch.",
      zero: "Die Offenlegung war ausreichend, aber weder besonders klar noch besonders vollständig.",
      max: "Die Finanzen wurden vorbildlich, vollständig und verständlich offengelegt.",
    },
  },
  // 7 Mumbai
  {
    kind: "evaluation",
    language: "ar",
    title: "ما مدى نجاح فرع مومباي في تنظيم يوم العمل المناخي؟",
    body: `نظّم فرع مومباي في شهر مارس يومًا للعمل المناخي شارك فيه الأعضاء والمتطوعون وسكان الأحياء المجاورة. يُطلب من الأعضاء تقييم مدى نجاح الفرع في التخطيط لهذا اليوم وتنفيذه ومتابعة نتائجه.

### أنشطة اليوم

- حملة لتنظيف الشاطئ شارك فيها نحو 150 متطوعًا
- زراعة 300 شجرة في ثلاث حدائق عامة بالتعاون مع البلدية
- ورشة عمل حول ترشيد استهلاك الطاقة في المنازل
- ركن للأطفال للتعريف بإعادة التدوير

### معايير التقييم

1. هل كان التنظيم جيدًا والمواعيد واضحة للمشاركين؟
2. هل ترك اليوم أثرًا ملموسًا في الأحياء؟
3. هل نشر الفرع تقريرًا عن النتائج بعد انتهاء الفعالية؟

> **ملاحظة:** تتولى مجموعة من المتطوعين سقي الأشجار المزروعة بانتظام حتى بداية موسم الأمطار.

التقرير الكامل متاح على [example.org/mumbai/climate-day](https://example.org/mumbai/climate-day).`,
    scale: {
      min: "كان اليوم سيئ التنظيم ولم يترك أي أثر إيجابي في المدينة.",
      zero: "كان اليوم مقبولًا، وتوازنت فيه الجوانب الناجحة والضعيفة.",
      max: "كان اليوم ممتاز التنظيم وترك أثرًا واضحًا ودائمًا في الأحياء المشاركة.",
    },
  },
  // 8 Mexico City
  {
    kind: "evaluation",
    language: "de",
    title: "Wie gut erreicht das Kapitel Mexiko-Stadt junge Menschen?",
    body: `Seit Jahresbeginn bemüht sich das Kapitel Mexiko-Stadt gezielt darum, junge Menschen zwischen 16 und 25 Jahren für Politik vor Ort zu begeistern. Bitte bewerten Sie, wie gut diese Jugendarbeit gelungen ist.

### Was das Kapitel unternommen hat

- Diskussionsabende an vier Gymnasien und zwei Hochschulen
- ein monatlicher offener Treff mit Musik, Spielen und kurzen Vorträgen
- ein Schreibwettbewerb zum Thema „Meine Stadt in zehn Jahren“
- die Begleitung von drei Jugendlichen bei ihrem ersten Antrag an die Bezirksverwaltung

### Worauf es ankommt

1. Sind die Jugendlichen wiedergekommen, oder blieb es bei einmaligen Besuchen?
2. Sind ihre Ideen in die Arbeit des Kapitels eingeflossen?
3. War das Angebot auch für Jugendliche aus ärmeren Vierteln gut erreichbar?

> Der offene Treff hatte im Schnitt 25 Gäste, die Hälfte davon kam mehr als einmal.

Eindrücke, Zahlen und die Gewinnertexte des Wettbewerbs: [example.org/mexiko-stadt/jugend](https://example.org/mexiko-stadt/jugend)`,
    scale: {
      min: "Die Jugendarbeit hat kaum jemanden erreicht und junge Menschen eher abgeschreckt.",
      zero: "Die Jugendarbeit hatte einzelne Erfolge, aber keine nachhaltige Wirkung.",
      max: "Die Jugendarbeit war hervorragend und hat viele junge Menschen dauerhaft eingebunden.",
    },
  },
  // 9 Cairo
  {
    kind: "evaluation",
    language: "ar",
    title: "ما جودة ورقة السياسات التي أعدّها فرع القاهرة حول الإسكان الميسور؟",
    body: `أصدر فرع القاهرة في الخريف ورقة سياسات من خمس عشرة صفحة حول الإسكان الميسور في المدينة، تتناول الإيجارات وصيانة المباني القديمة وتوفير السكن للشباب والأسر الجديدة. يُرجى تقييم جودة الورقة والطريقة التي أُعدّت بها.

### كيف أُعدّت الورقة

1. ثلاث جلسات استماع مفتوحة مع سكان أحياء مختلفة
2. استبيان شارك فيه أكثر من 400 مستأجر ومالك
3. مراجعة من خبيرين مستقلين في التخطيط العمراني
4. جولتان من التعليقات من أعضاء الفرع

### أبرز المقترحات

- صندوق لدعم صيانة المباني السكنية القديمة
- سجل عام وشفاف للوحدات السكنية الشاغرة
- **عقود إيجار** واضحة بلغة مبسطة
- برنامج لمساعدة الأسر الشابة على دفع المقدّم

يمكن قراءة الورقة كاملة على [example.org/cairo/housing-paper](https://example.org/cairo/housing-paper).`,
    scale: {
      min: "الورقة ضعيفة الإعداد، ومقترحاتها لن تحسّن أوضاع السكن.",
      zero: "الورقة مقبولة لكنها لا تضيف جديدًا يُذكر.",
      max: "الورقة متقنة ومقنعة، وتصلح أساسًا متينًا لعمل الحزب في مجال الإسكان.",
    },
  },
  // 10 Sydney
  {
    kind: "evaluation",
    language: "en",
    title: "How well did the Sydney chapter prepare its submission on the draft cycling strategy?",
    body: `In August the city council invited public comments on its draft cycling strategy. The Sydney chapter gathered members' views and lodged a formal submission on the chapter's behalf. Please score how well the chapter handled this, from gathering views to the final text.

### Timeline

- 2 August: draft strategy published, with a comment period of six weeks
- 9 and 16 August: two online workshops for members, 31 participants in all
- 30 August: draft submission shared with all members for comment
- 12 September: final submission lodged, one day before the deadline

### What the submission asked for

1. separated bike lanes on the three busiest corridors
2. secure bike parking at every train station
3. a yearly public report on cycling injuries

### Criteria

- Did members have a real say in the content?
- Is the submission clear, specific and backed by evidence?

The full text is at [example.org/sydney/cycling-submission](https://example.org/sydney/cycling-submission).`,
    scale: {
      min: "The submission was rushed, ignored members' views and weakened the chapter's standing.",
      zero: "The submission was acceptable but unremarkable.",
      max: "The submission was thorough, well supported by members and taken seriously by the council.",
    },
  },
  // 11 Cape Town
  {
    kind: "evaluation",
    language: "de",
    title: "Wie erfolgreich war die Wasserspar-Kampagne des Kapitels Kapstadt?",
    body: `Nach einem weiteren trockenen Sommer hat das Kapitel Kapstadt eine Kampagne zum sparsamen Umgang mit Wasser gestartet. Ziel war es, Haushalte praktisch zu beraten und Vorschläge für die Stadtverwaltung zu sammeln. Bitte bewerten Sie, wie gut die Kampagne gelungen ist.

### Die Kampagne in Zahlen

- zwölf Informationsabende in Gemeindezentren, jeweils in drei Sprachen
- 2.400 verteilte Faltblätter mit Tipps zum Wassersparen
- 85 kostenlose Sparduschköpfe für Haushalte mit geringem Einkommen
- eine Liste mit 14 Vorschlägen, übergeben an den zuständigen Ausschuss

### Bewertungskriterien

1. Hat die Kampagne die Menschen erreicht, die am stärksten betroffen sind?
2. Waren die Informationen richtig, verständlich und praktisch?
3. Hat das Kapitel die Übergabe der Vorschläge gut vorbereitet und nachverfolgt?

Material und Abschlussbericht: [example.org/kapstadt/wasser](https://example.org/kapstadt/wasser)`,
    scale: {
      min: "Die Kampagne war schlecht gemacht und hat niemandem geholfen, Wasser zu sparen.",
      zero: "Die Kampagne war in Ordnung, hat aber wenig bewirkt.",
      max: "Die Kampagne war hervorragend und hat vielen Haushalten spürbar geholfen.",
    },
  },
  // 12 Singapore
  {
    kind: "evaluation",
    language: "ar",
    title: "ما مدى جودة النشرة الشهرية التي يصدرها فرع سنغافورة؟",
    body: `منذ بداية العام يُصدر فرع سنغافورة نشرة إخبارية شهرية تُرسَل إلى الأعضاء والمؤيدين بالبريد الإلكتروني، وتُنشَر أيضًا على موقع الفرع. يُطلب من الأعضاء تقييم مدى فائدة النشرة ووضوحها وانتظام صدورها.

### محتوى النشرة

- ملخص لاجتماعات الفرع وقراراته
- تقويم الفعاليات المقررة في الشهر التالي
- مقابلة قصيرة مع أحد الأعضاء أو المتطوعين
- ركن للأسئلة الشائعة عن عمل الحزب

### أسئلة للتقييم

1. هل صدرت النشرة في موعدها كل شهر؟
2. هل معلوماتها دقيقة ومفيدة لمن يريد المشاركة في عمل الفرع؟
3. هل النشرة متاحة بأكثر من لغة لمن يحتاج إلى ذلك؟

> صدرت حتى الآن عشرة أعداد، ويبلغ عدد المشتركين نحو 380 مشتركًا.

الأعداد السابقة متاحة على [example.org/singapore/newsletter](https://example.org/singapore/newsletter).`,
    scale: {
      min: "النشرة غير منتظمة وغير مفيدة، وكثيرًا ما تحتوي على معلومات خاطئة.",
      zero: "النشرة مقبولة، فلا هي ممتازة ولا هي سيئة.",
      max: "النشرة ممتازة ومنتظمة، وهي مصدر موثوق لمعرفة كل ما يجري في الفرع.",
    },
  },
  // 13 San Francisco
  {
    kind: "evaluation",
    language: "en",
    title: "How convincing is the San Francisco chapter's policy paper on housing near transit?",
    body: `The San Francisco chapter spent six months preparing a policy paper on building more homes close to train and bus lines without displacing existing residents. Members are asked to score the quality of the paper and how openly it was developed.

### How the paper came together

1. A working group of seven members met every two weeks
2. Three neighbourhood meetings were held, with interpretation into two languages
3. An open comment period of four weeks brought in 112 comments
4. Every comment was answered in a public table of responses

### Key recommendations

- more homes allowed within a ten-minute walk of frequent transit
- a share of new homes reserved at rents tied to local incomes
- **protection for tenants** in buildings that are redeveloped
- faster permits for projects that meet these conditions

The paper and the table of responses are at [example.org/san-francisco/housing-paper](https://example.org/san-francisco/housing-paper).`,
    scale: {
      min: "The paper is unconvincing, poorly researched and ignored the comments it received.",
      zero: "The paper is a reasonable summary but does not move the debate forward.",
      max: "The paper is convincing, well researched and shaped by open participation.",
    },
  },
  // 14 Reykjavik
  {
    kind: "evaluation",
    language: "de",
    title: "Wie gut hat das Kapitel Reykjavík seine offenen Sprechstunden organisiert?",
    body: `Das kleine Kapitel Reykjavík lädt seit dem Herbst einmal im Monat zu einer offenen Sprechstunde in die Stadtbibliothek ein. Dort können alle, die möchten, Fragen stellen, Anliegen vortragen oder einfach mit den Mitgliedern ins Gespräch kommen. Bitte bewerten Sie, wie gut das Kapitel dieses Angebot umgesetzt hat.

### Eckdaten

- jeweils am ersten Donnerstag im Monat von 17 bis 19 Uhr
- Gespräche auf Isländisch und Englisch
- bisher sechs Termine mit durchschnittlich neun Besucherinnen und Besuchern
- alle Anliegen werden anonym in einer Liste festgehalten

### Fragen zur Bewertung

1. Wurde die Sprechstunde ausreichend bekannt gemacht?
2. Hat das Kapitel auf die vorgebrachten Anliegen reagiert?
3. Ist das Angebot für ein Kapitel mit nur vier Mitgliedern auf Dauer zu schaffen?

> Auch ein kleines Kapitel kann gut zuhören.

Die gesammelten Anliegen: [example.org/reykjavik/sprechstunde](https://example.org/reykjavik/sprechstunde)`,
    scale: {
      min: "Die Sprechstunden waren schlecht organisiert und blieben ohne jede Wirkung.",
      zero: "Die Sprechstunden waren ordentlich, aber ohne besondere Wirkung.",
      max: "Die Sprechstunden waren hervorragend organisiert und haben echtes Vertrauen geschaffen.",
    },
  },
  // 15 Anchorage
  {
    kind: "evaluation",
    language: "en",
    title: "How well did the Anchorage chapter include members who cannot attend in person?",
    body: `The Anchorage chapter's members live far apart, and winter roads often make travel difficult. Since last year the chapter has run every meeting in a hybrid format, so that members can take part by video or by phone. Please score how well this works in practice.

### Arrangements

- every meeting can be joined by video link or by a toll-free phone number
- documents are sent out at least five days before each meeting
- votes are held so that remote members can vote on equal terms
- minutes are shared within a week

### Points to consider

1. Can remote participants follow the discussion and speak up?
2. Have technical problems been rare and quickly solved?
3. Do members who join remotely feel as much part of the chapter as those in the room?

> **In numbers:** eleven meetings so far, and on average half of those present joined remotely.

More on the format: [example.org/anchorage/hybrid-meetings](https://example.org/anchorage/hybrid-meetings)`,
    scale: {
      min: "Remote members were effectively shut out of the chapter's meetings and decisions.",
      zero: "Remote participation worked some of the time, with frequent gaps.",
      max: "Remote members took part fully and on equal terms in every meeting.",
    },
  },
  // 16 Berlin
  {
    kind: "evaluation",
    language: "de",
    title: "Wie gut waren die Informationsstände des Kapitels Berlin auf den Wochenmärkten?",
    body: `Von Juni bis September war das Kapitel Berlin jeden Samstag mit einem Informationsstand auf einem von vier Wochenmärkten vertreten. Am Stand gab es Gespräche, Material zum Programm und eine Tafel, auf der Besucherinnen und Besucher ihre Wünsche für den Kiez notieren konnten. Bitte bewerten Sie, wie gelungen diese Präsenz war.

### Überblick

- 16 Markttage, jeweils von 9 bis 13 Uhr
- Standbetreuung im Wechsel durch 23 Mitglieder und Unterstützende
- etwa 1.100 Gespräche und 640 Notizen an der Wunschtafel
- neun Menschen haben danach einen Mitgliedsantrag gestellt

### Kriterien

1. War der Stand einladend und gut sichtbar?
2. Waren die Standbetreuenden gut vorbereitet und freundlich?
3. Wurden die Wünsche von der Tafel ausgewertet und veröffentlicht?

> **Tipp:** Die ausgewerteten Wünsche sind nach Themen und Märkten sortiert.

Zur Auswertung: [example.org/berlin/marktstaende](https://example.org/berlin/marktstaende)`,
    scale: {
      min: "Die Stände haben ein schlechtes Bild vom Kapitel vermittelt und niemanden erreicht.",
      zero: "Die Stände waren solide, aber ohne besonderen Erfolg.",
      max: "Die Stände waren ein großer Erfolg und haben viele neue Kontakte gebracht.",
    },
  },
  // 17 London
  {
    kind: "evaluation",
    language: "ar",
    title: "ما مدى نجاح فرع لندن في التواصل مع طلاب الجامعات؟",
    body: `خلال العام الدراسي الماضي عمل فرع لندن على التواصل مع طلاب الجامعات والمعاهد في المدينة، بهدف تعريفهم بعمل الحزب على المستوى المحلي وتشجيعهم على المشاركة فيه. يُرجى تقييم مدى نجاح هذه الجهود.

### ما قام به الفرع

- أكشاك تعريفية في معارض الأنشطة الطلابية في خمس جامعات
- أربع ندوات حوارية حول السكن الطلابي وتكاليف المواصلات
- برنامج تدريب صيفي لستة طلاب في أعمال الفرع
- مجموعة نقاش شهرية عبر الإنترنت للطلاب المهتمين

### معايير التقييم

1. هل وصل الفرع إلى طلاب من خلفيات وتخصصات متنوعة؟
2. هل استمر الطلاب في المشاركة بعد اللقاء الأول؟
3. هل أُخذت آراء الطلاب في الاعتبار عند إعداد برامج الفرع؟

> **للعلم:** انضم أربعة من المتدربين إلى الحزب بعد انتهاء البرنامج الصيفي.

للاطلاع على التقرير الكامل: [example.org/london/students](https://example.org/london/students)`,
    scale: {
      min: "لم تصل جهود الفرع إلى الطلاب، بل أعطت انطباعًا سلبيًا عن الحزب.",
      zero: "كانت الجهود مقبولة لكن أثرها محدود.",
      max: "نجحت الجهود نجاحًا كبيرًا، وأصبح كثير من الطلاب مشاركين دائمين في عمل الفرع.",
    },
  },
  // 18 New York
  {
    kind: "evaluation",
    language: "en",
    title: "How well did the New York chapter run its voter registration drive?",
    body: `Ahead of the local elections, the New York chapter ran a six-week, non-partisan voter registration drive, helping residents check their registration and fill in the forms correctly. The drive was open to everyone, whatever their political views. Please score how well it was run.

### Facts

- 22 registration tables at libraries, laundromats and community events
- 37 volunteers, each trained on the official rules beforehand
- about 1,300 residents helped, 540 of them registering for the first time
- materials in English, Spanish and Chinese

### Criteria

1. Did the drive stay strictly non-partisan, as promised?
2. Were the tables in neighbourhoods with low registration rates?
3. Were volunteers well prepared to answer questions correctly?

> **Note:** the chapter kept no personal data from the forms.

The final report is at [example.org/new-york/registration-drive](https://example.org/new-york/registration-drive).`,
    scale: {
      min: "The drive was badly run, partisan or inaccurate, and damaged trust in the chapter.",
      zero: "The drive was adequate but reached fewer people than it could have.",
      max: "The drive was excellent: fair, accurate and reaching the residents who needed it most.",
    },
  },
  // 19 Lagos
  {
    kind: "evaluation",
    language: "ar",
    title: "ما مدى شفافية فرع لاغوس في عرض تقريره المالي؟",
    body: `نشر فرع لاغوس في نهاية العام تقريره المالي الأول الذي يعرض جميع الإيرادات والمصروفات بالتفصيل. يُطلب من الأعضاء تقييم مدى وضوح التقرير واكتماله، ومدى التزام الفرع بإطلاع الأعضاء على أوضاعه المالية في الوقت المناسب.

### ما تضمّنه التقرير

- الإيرادات من اشتراكات الأعضاء والتبرعات، مصنّفة حسب المصدر
- المصروفات مقسّمة إلى إيجار القاعات والمطبوعات والمواصلات والفعاليات
- رأي لجنة المراجعة المنتخبة المكوّنة من عضوين
- محضر جلسة مفتوحة للأسئلة حضرها تسعة أعضاء

### معايير التقييم

1. هل التقرير مفهوم لمن لا يملك خبرة في المحاسبة؟
2. هل نُشر التقرير قبل اجتماع الجمعية العامة بوقت كافٍ؟
3. هل أجاب الفرع عن جميع الأسئلة بوضوح؟

> **تنبيه:** لم تُنشر أسماء المتبرعين الأفراد حفاظًا على خصوصيتهم.

التقرير متاح على [example.org/lagos/finance-report](https://example.org/lagos/finance-report).`,
    scale: {
      min: "بقيت الأوضاع المالية غامضة، وكانت معلومات مهمة ناقصة أو غير صحيحة.",
      zero: "كان الإفصاح كافيًا، لكنه لم يكن واضحًا ولا كاملًا بشكل خاص.",
      max: "كان الإفصاح المالي نموذجيًا: كاملًا وواضحًا وفي الوقت المناسب.",
    },
  },
  // 20 Tokyo
  {
    kind: "evaluation",
    language: "en",
    title: "How useful were the Tokyo chapter's neighbourhood disaster-preparedness workshops?",
    body: `During the autumn the Tokyo chapter held a series of free workshops, together with local volunteer fire brigades, to help residents prepare for earthquakes and typhoons. Members are asked to score how useful the workshops were for the neighbourhoods they served.

### The series

- eight workshops in community halls, each for up to 40 people
- topics: emergency kits, evacuation routes, checking on elderly neighbours, first aid
- a printable checklist in Japanese, English, Chinese and Korean
- a follow-up drill in two neighbourhoods

### Criteria

1. Did the workshops reach the residents who are most at risk?
2. Was the information accurate and in line with official guidance?
3. Did the chapter keep the workshops free of campaigning?

The checklist and a short summary are at [example.org/tokyo/preparedness](https://example.org/tokyo/preparedness); the official guidance it follows is linked from [example.org/tokyo/preparedness/sources](https://example.org/tokyo/preparedness/sources).`,
    scale: {
      min: "The workshops were inaccurate or poorly run and left residents no better prepared.",
      zero: "The workshops were of some use, but reached few people or added little.",
      max: "The workshops were excellent and left many households clearly better prepared.",
    },
  },
];

export const DEMO_INFO_DOCUMENTS: readonly InfoDocument[] = [
  // 1 election
  {
    kind: "info",
    language: "en",
    title: "Chapter board elections: nominations are open",
    body: `Every chapter elects its board for the next two years this spring. Any member in good standing may stand for chair, treasurer or secretary in their own chapter.

**How to stand**

- send a short statement of up to 300 words to your chapter's election committee
- nominations close on 14 March 2025 at 18:00 local time
- candidates' statements are published on 21 March

Votes are cast at each chapter's general meeting in April. Questions? See [example.org/elections/board](https://example.org/elections/board).`,
  },
  // 2 congress
  {
    kind: "info",
    language: "de",
    title: "Einladung zum ordentlichen Parteitag 2025",
    body: `Liebe Mitglieder, der ordentliche Parteitag findet vom **17. bis 19. Oktober 2025** im Kongresszentrum Leipzig statt. Jedes Kapitel entsendet Delegierte entsprechend seiner Mitgliederzahl; alle anderen Mitglieder sind als Gäste herzlich willkommen.

Auf der Tagesordnung stehen unter anderem:

1. Bericht des Parteivorstands
2. Beratung des Grundsatzprogramms
3. Wahl der Schiedskommission

Gäste melden sich bitte bis zum 15. September an: [example.org/parteitag/anmeldung](https://example.org/parteitag/anmeldung).`,
  },
  // 3 meeting
  {
    kind: "info",
    language: "en",
    title: "Open members' meeting in London on 12 February",
    body: `The London chapter invites all members and interested residents to its open meeting.

- **When:** Wednesday 12 February 2025, 19:00 to 21:00
- **Where:** Riverside Community Hall, room 2 (step-free access)
- **Agenda:** report on the town hall series, plans for spring, any other business

Tea and biscuits will be provided. Please bring your membership card if you want to vote on the spring plan. Directions: [example.org/london/meeting](https://example.org/london/meeting).`,
  },
  // 4 election
  {
    kind: "info",
    language: "ar",
    title: "انتخابات مجلس فرع القاهرة: طريقة التصويت",
    body: `تجري انتخابات مجلس فرع القاهرة يوم السبت 26 أبريل 2025 خلال اجتماع الجمعية العامة للفرع.

**ما يجب معرفته:**

- يحق التصويت لكل عضو مسجَّل في الفرع قبل 1 أبريل
- يبدأ الاقتراع في الساعة الخامسة مساءً وينتهي في السابعة
- يُرجى إحضار بطاقة العضوية أو وثيقة هوية سارية
- يمكن للأعضاء الذين يتعذر عليهم الحضور طلب التصويت بالبريد حتى 15 أبريل

قائمة المرشحين متاحة على [example.org/cairo/elections](https://example.org/cairo/elections).`,
  },
  // 5 congress
  {
    kind: "info",
    language: "en",
    title: "Congress motions: deadline and format",
    body: `Motions for this year's party congress can be submitted by any chapter, or by at least twenty members together.

1. Use the motion template at [example.org/congress/motion-template](https://example.org/congress/motion-template).
2. Keep each motion to one topic and at most two pages.
3. Send it to the congress office by **1 September 2025**.

The motions committee will group similar motions and publish the full motion book four weeks before the congress. Late motions are only accepted on urgent matters.`,
  },
  // 6 election
  {
    kind: "info",
    language: "de",
    title: "Briefwahl zur Vorstandswahl: So geht’s",
    body: `Wer am Wahltag nicht persönlich kommen kann, stimmt einfach per Briefwahl ab.

- Briefwahlunterlagen bis zum 28. März beim Wahlausschuss des Kapitels anfordern
- den Stimmzettel ausfüllen und in den kleinen Umschlag stecken
- den Wahlbrief so abschicken, dass er spätestens am Wahltag um 12 Uhr eingeht

Bitte vergessen Sie nicht, die beiliegende Erklärung zu unterschreiben, sonst ist die Stimme ungültig. Weitere Hinweise: [example.org/wahl/briefwahl](https://example.org/wahl/briefwahl).`,
  },
  // 7 campaign
  {
    kind: "info",
    language: "en",
    title: "Summer door-to-door campaign starts on 7 June",
    body: `Our summer door-to-door campaign starts on Saturday 7 June 2025 and runs for eight weekends. Teams of two will visit neighbourhoods to listen to residents and share our local programme.

**What to bring**

- comfortable shoes and water
- a charged phone for the canvassing app
- your volunteer badge (handed out at the first briefing)

A briefing takes place at 9:30 before every outing. Sign up for a shift at [example.org/campaign/summer](https://example.org/campaign/summer).`,
  },
  // 8 meeting
  {
    kind: "info",
    language: "ar",
    title: "الاجتماع الشهري لأعضاء فرع لاغوس",
    body: `يدعو فرع لاغوس جميع أعضائه إلى الاجتماع الشهري.

- **الموعد:** الخميس 15 مايو 2025، من الساعة السادسة إلى الثامنة مساءً
- **المكان:** قاعة المركز المجتمعي، الطابق الأول
- **جدول الأعمال:** متابعة ورقة السياسات حول المواصلات، والتحضير لحملة الصيف، وما يستجد من أعمال

يُرجى إحضار ملاحظاتكم المكتوبة على مسودة الورقة. تفاصيل الوصول إلى القاعة على [example.org/lagos/meeting](https://example.org/lagos/meeting).`,
  },
  // 9 congress
  {
    kind: "info",
    language: "de",
    title: "Parteitag in Leipzig: Hinweise zu Anreise und Unterkunft",
    body: `Für den Parteitag haben wir ein Zimmerkontingent in zwei Hotels in Bahnhofsnähe reserviert. Das Kontingent gilt bis zum 1. September 2025.

- Anreise am besten mit der Bahn; vom Hauptbahnhof sind es zehn Minuten mit der Straßenbahn.
- Delegierte bekommen ihre Fahrtkosten nach der Reisekostenordnung erstattet.
- Kinderbetreuung gibt es an allen drei Tagen, bitte bis zum 15. September anmelden.

Mitbringen: Delegiertenausweis, Personalausweis und gern eine eigene Trinkflasche. Alle Infos unter [example.org/parteitag/anreise](https://example.org/parteitag/anreise).`,
  },
  // 10 statement
  {
    kind: "info",
    language: "en",
    title: "Statement on city budget consultations",
    body: `The party welcomes the decision of several city councils to open their draft budgets to public consultation this year. Budgets decide which buses run, which libraries open and which streets are repaired, so residents should have a say.

We ask councils to:

- publish draft budgets in plain language
- allow at least six weeks for comments
- explain in writing how the comments were taken into account

Our chapters will help residents take part. The full statement is at [example.org/statements/budget-consultation](https://example.org/statements/budget-consultation).`,
  },
  // 11 election
  {
    kind: "info",
    language: "en",
    title: "Meet the candidates: hustings schedule",
    body: `Before the board elections, every chapter holds a hustings where candidates present themselves and answer members' questions.

- **Berlin:** 2 April, 19:00, chapter office
- **London:** 3 April, 18:30, Riverside Community Hall
- **New York:** 5 April, 14:00, online
- **Lagos:** 5 April, 16:00, community centre

Other chapters announce their dates in their own channels. Questions for the candidates can be sent in advance through [example.org/elections/questions](https://example.org/elections/questions).`,
  },
  // 12 meeting
  {
    kind: "info",
    language: "de",
    title: "Mitgliederversammlung des Kapitels Berlin im März",
    body: `Das Kapitel Berlin lädt alle Mitglieder herzlich zur Mitgliederversammlung ein.

- **Termin:** Dienstag, 18. März 2025, 19 Uhr
- **Ort:** Nachbarschaftshaus am Kanal, großer Saal
- **Tagesordnung:** Rechenschaftsbericht, Haushalt 2025, Planung der Marktstände

Bitte bringen Sie Ihren Mitgliedsausweis mit, damit wir die Stimmberechtigung schnell prüfen können. Anträge zur Tagesordnung nehmen wir bis zum 4. März entgegen. Details: [example.org/berlin/mitgliederversammlung](https://example.org/berlin/mitgliederversammlung).`,
  },
  // 13 election
  {
    kind: "info",
    language: "ar",
    title: "نتائج انتخابات مجلس فرع القاهرة",
    body: `أعلنت لجنة الانتخابات في فرع القاهرة النتائج النهائية لانتخابات مجلس الفرع التي جرت يوم 26 أبريل.

- شارك في التصويت سبعة من أعضاء الفرع الثمانية
- انتُخب رئيس الفرع وأمين الصندوق والسكرتير من الجولة الأولى
- لم يُقدَّم أي طعن خلال المهلة المحددة

يشكر الفرع جميع المرشحين والمتطوعين في لجنة الانتخابات. المحضر الكامل منشور على [example.org/cairo/election-results](https://example.org/cairo/election-results).`,
  },
  // 14 election
  {
    kind: "info",
    language: "en",
    title: "Congress delegates elected in all chapters",
    body: `All fifteen chapters have now elected their delegates to this year's party congress. In total, 48 delegates and 15 substitutes were chosen.

- turnout across the chapters averaged 81%
- 26 of the delegates will attend a congress for the first time
- the youngest delegate is 19, the oldest 77

Delegates will receive their credentials and the motion book by post four weeks before the congress. The list of delegates by chapter is published at [example.org/congress/delegates](https://example.org/congress/delegates).`,
  },
  // 15 meeting
  {
    kind: "info",
    language: "de",
    title: "Treffen der Arbeitsgruppe Verkehr und Mobilität",
    body: `Die kapitelübergreifende Arbeitsgruppe Verkehr und Mobilität trifft sich wieder online.

- **Wann:** Montag, 7. April 2025, 18:30 bis 20:00 Uhr (MESZ)
- **Wo:** Videokonferenz, den Link gibt es nach der Anmeldung
- **Themen:** Erfahrungen aus Lagos und Sydney, gemeinsame Leitlinien für Radverkehr und Busse

Neue Interessierte sind willkommen. Bitte lesen Sie vorab das Protokoll der letzten Sitzung: [example.org/ag-verkehr/protokoll](https://example.org/ag-verkehr/protokoll).`,
  },
  // 16 press-release
  {
    kind: "info",
    language: "en",
    title: "Press release: party founds its fifteenth chapter in Anchorage",
    body: `**Anchorage, 3 March 2025.** The party today welcomed its fifteenth local chapter, founded by three members in Anchorage. The new chapter will hold all of its meetings in a hybrid format, so that members across the region can take part.

"Distances here are long, so we start online and meet in person whenever we can," said the chapter's founding chair.

The chapter's first projects are a listening tour and a guide to local public meetings.

Press contact: press@example.org, [example.org/press](https://example.org/press)`,
  },
  // 17 press-release
  {
    kind: "info",
    language: "ar",
    title: "بيان صحفي: فرع القاهرة يطلق ورقة سياسات حول الإسكان الميسور",
    body: `**القاهرة، 10 نوفمبر 2025.** أطلق فرع القاهرة اليوم ورقة سياسات جديدة حول الإسكان الميسور، أُعدّت بعد جلسات استماع مع سكان عدة أحياء واستبيان شارك فيه أكثر من 400 شخص.

وتقترح الورقة:

- صندوقًا لدعم صيانة المباني السكنية القديمة
- سجلًا عامًا للوحدات السكنية الشاغرة
- عقود إيجار واضحة بلغة مبسطة

ويدعو الفرع الجهات المحلية وكل المهتمين إلى مناقشة الورقة في لقاء مفتوح الشهر المقبل. النص الكامل على [example.org/cairo/housing-paper](https://example.org/cairo/housing-paper)، وللتواصل الإعلامي: press@example.org`,
  },
  // 18 campaign
  {
    kind: "info",
    language: "de",
    title: "Kampagne „Saubere Ufer“: Mitmachen beim Aufräumtag",
    body: `Am Samstag, dem 20. September 2025, räumen wir gemeinsam mit Nachbarinnen und Nachbarn die Ufer von Flüssen, Seen und Stränden in mehreren Städten auf. Die Kampagne „Saubere Ufer“ zeigt, wie viel man vor Ort gemeinsam erreichen kann.

**Bitte mitbringen:**

- Arbeitshandschuhe (einige Paare liegen bereit)
- wetterfeste Kleidung und festes Schuhwerk
- eine Trinkflasche

Müllsäcke und Greifzangen stellen die Kapitel. Treffpunkte und Uhrzeiten: [example.org/kampagne/saubere-ufer](https://example.org/kampagne/saubere-ufer).`,
  },
  // 19 meeting
  {
    kind: "info",
    language: "en",
    title: "Online welcome meeting for new members",
    body: `New to the party? Join our monthly online welcome meeting and get to know members from other chapters.

- **When:** the first Tuesday of every month, 18:00 UTC
- **Where:** a video call; the link is sent after you sign up
- **How long:** about one hour

We will explain how chapters work, how evaluations and votes happen in the app, and where you can help. No preparation is needed: just bring your questions. Sign up at [example.org/welcome](https://example.org/welcome).`,
  },
  // 20 press-release
  {
    kind: "info",
    language: "en",
    title: "Press release: more than 150 people join climate action day in Mumbai",
    body: `**Mumbai, 23 March 2025.** More than 150 volunteers and residents joined the party's Mumbai chapter yesterday for a climate action day. Together they cleaned a stretch of beach, planted 300 trees in three public parks and ran a workshop on saving energy at home.

The chapter thanks the municipal parks department for its cooperation, and the volunteers who will water the new trees until the rains arrive.

A short report is at [example.org/mumbai/climate-day](https://example.org/mumbai/climate-day). Press contact: press@example.org`,
  },
  // 21 election
  {
    kind: "info",
    language: "de",
    title: "Vorstandswahl im Kapitel Kapstadt: Kandidaturen gesucht",
    body: `Im Kapitel Kapstadt wird im Mai ein neuer Vorstand gewählt. Gesucht werden Kandidatinnen und Kandidaten für den Vorsitz, die Kasse und die Schriftführung.

- Kandidaturen bis zum 25. April 2025 an den Wahlausschuss schicken
- eine kurze Vorstellung mit höchstens 200 Wörtern beilegen
- Vorstellungsrunde aller Kandidierenden am 6. Mai online

Wer sich zunächst nur informieren möchte, ist ebenfalls herzlich eingeladen, sich zu melden. Fragen beantwortet der Wahlausschuss unter [example.org/kapstadt/wahl](https://example.org/kapstadt/wahl).`,
  },
  // 22 statement
  {
    kind: "info",
    language: "ar",
    title: "بيان بشأن رفع أسعار تذاكر الحافلات العامة",
    body: `يتابع الحزب باهتمام النقاش الدائر في عدد من المدن حول رفع أسعار تذاكر الحافلات العامة، ويرى أن أي زيادة يجب أن تسبقها مشاورة علنية مع الركاب.

ونطالب الجهات المعنية بما يلي:

1. نشر الأسباب والأرقام التي تستند إليها الزيادة
2. الإبقاء على تذاكر مخفّضة للطلاب وكبار السن
3. ربط أي زيادة بتحسين ملموس في انتظام الخدمة

النص الكامل للبيان على [example.org/statements/bus-fares](https://example.org/statements/bus-fares).`,
  },
  // 23 statement
  {
    kind: "info",
    language: "en",
    title: "Statement on shorter public library opening hours",
    body: `Several cities where our chapters work have proposed shortening public library opening hours to save money. Libraries are among the few places open to everyone free of charge: students study there, job seekers use the computers and older residents meet.

The party asks councils to:

- look for savings elsewhere before cutting opening hours
- keep at least one library in each district open in the evenings
- consult library users before any decision

Read the full statement at [example.org/statements/libraries](https://example.org/statements/libraries).`,
  },
  // 24 meeting
  {
    kind: "info",
    language: "de",
    title: "Regionaltreffen der europäischen Kapitel in Berlin",
    body: `Die Kapitel Berlin, London und Reykjavík treffen sich zum ersten gemeinsamen Regionaltreffen.

- **Wann:** Samstag, 14. Juni 2025, 10 bis 17 Uhr
- **Wo:** Nachbarschaftshaus am Kanal in Berlin und per Video
- **Programm:** Erfahrungsaustausch, Workshops zu Haustürgesprächen und Finanzberichten, gemeinsames Abendessen

Für Mittagessen und Getränke ist gesorgt. Bitte bis zum 30. Mai anmelden und angeben, ob Sie vor Ort oder online teilnehmen: [example.org/regionaltreffen](https://example.org/regionaltreffen).`,
  },
  // 25 press-release
  {
    kind: "info",
    language: "en",
    title: "Press release: party publishes its first annual financial report",
    body: `**Berlin, 30 April 2025.** The party today published its first consolidated financial report, covering all fifteen chapters and the party office. The report lists income from membership fees and donations, and spending by category.

- income and spending are published for every chapter
- donations above the reporting threshold are listed individually
- elected auditors reviewed the report before publication

"Members have a right to know how their money is spent," the party treasurer said.

Report: [example.org/finance/annual-report](https://example.org/finance/annual-report)`,
  },
  // 26 press-release
  {
    kind: "info",
    language: "ar",
    title: "بيان صحفي: منتدى الشباب الأول في لندن يجمع طلابًا من خمس جامعات",
    body: `**لندن، 15 فبراير 2025.** نظّم فرع لندن اليوم منتدى الشباب الأول، الذي جمع أكثر من ستين طالبًا وطالبة من خمس جامعات لمناقشة السكن الطلابي وتكاليف المواصلات.

وتضمّن المنتدى:

- جلسات حوارية في مجموعات صغيرة
- عرضًا لنتائج استبيان حول تكاليف المعيشة لدى الطلاب
- ورشة عمل حول التواصل مع المجالس المحلية

وسيُصدر الفرع ملخصًا بتوصيات المشاركين خلال الأسابيع المقبلة على [example.org/london/youth-forum](https://example.org/london/youth-forum). للتواصل الإعلامي: press@example.org`,
  },
  // 27 congress
  {
    kind: "info",
    language: "en",
    title: "Congress agenda and motion book published",
    body: `The agenda and the motion book for this year's party congress in Leipzig, 17 to 19 October, are now online.

1. **Friday:** opening, report of the executive, finance report
2. **Saturday:** debate on the policy programme, motions on transport and housing
3. **Sunday:** election of the arbitration committee, closing

Delegates can submit amendments until 3 October. The motion book is available at [example.org/congress/motion-book](https://example.org/congress/motion-book); a printed copy is posted on request.`,
  },
  // 28 statement
  {
    kind: "info",
    language: "de",
    title: "Stellungnahme zur geplanten Neuordnung der Buslinien",
    body: `Die Partei begrüßt, dass mehrere Städte ihre Busnetze überarbeiten wollen. Ein gutes Netz muss aber für alle funktionieren, nicht nur für Pendlerinnen und Pendler im Berufsverkehr.

Wir fordern deshalb:

- keine Streichung von Haltestellen ohne Alternative in zumutbarer Entfernung
- mindestens einen 20-Minuten-Takt auch abends und am Wochenende
- eine öffentliche Anhörung, bevor ein neues Netz beschlossen wird

Unsere Kapitel sammeln vor Ort Rückmeldungen von Fahrgästen. Die vollständige Stellungnahme: [example.org/stellungnahmen/busnetz](https://example.org/stellungnahmen/busnetz).`,
  },
  // 29 press-release
  {
    kind: "info",
    language: "en",
    title: "Press release: 500 volunteers trained across the party's chapters",
    body: `**London, 1 December 2025.** The party's volunteer training programme reached its 500th participant this week. Since the programme started in Tokyo, eleven chapters have adopted it and adapted the materials to local languages.

- four modules: principles, talking with the public, running meetings, data protection
- 88% of participants completed every module
- the handbook is now available in six languages

The party thanks every trainer, most of whom are volunteers themselves. Handbook and figures: [example.org/training](https://example.org/training)`,
  },
  // 30 statement
  {
    kind: "info",
    language: "ar",
    title: "بيان: شكر وتقدير للمتطوعين في حملات هذا العام",
    body: `في ختام عام حافل بالعمل الميداني، يتقدّم الحزب بالشكر إلى جميع المتطوعين الذين شاركوا في حملات فروعه هذا العام، من طرق الأبواب إلى أيام العمل المناخي وورش التدريب.

لقد أثبت المتطوعون أن العمل المحلي يصنع فرقًا حقيقيًا:

- آلاف المحادثات مع السكان في أحيائهم
- مئات الأشجار المزروعة في الحدائق العامة
- عشرات الورش المجانية المفتوحة للجميع

نتطلّع إلى مواصلة العمل معكم في العام المقبل. حصاد العام متاح على [example.org/statements/thank-you](https://example.org/statements/thank-you).`,
  },
];
