/// Text the generator draws titles, bodies and identifiers from: real-looking push copy in several
/// languages and scripts, with the quotes, apostrophes, URLs, accents, CJK and emoji that real
/// campaigns carry.
struct Language {
    let titles: [[UInt8]]
    let sentences: [[UInt8]]
}

enum Text {
    static func bytes(_ items: [String]) -> [[UInt8]] { items.map { Array($0.utf8) } }

    static let english = Language(
        titles: bytes([
            "Your order has shipped", "Flash sale: 50% off today only", "New message from Anna",
            "Don't miss out!", "Price drop on an item you saved", "Your weekly summary is ready",
            "Reminder: your appointment is tomorrow", "Back in stock", "The \"Summer\" collection is here",
            "Last chance", "You've got a new follower", "Your ride is arriving", "Payment received",
            "Breaking: markets rally after rate decision", "Your boarding pass is ready",
            "Someone liked your photo", "Complete your profile", "Items in your cart are selling fast",
        ]),
        sentences: bytes([
            "Tap to track your package.", "Use code \"SPRING20\" at checkout.", "Offer ends at midnight.",
            "We saved your cart for you.", "Your order #48213 will arrive Thursday between 2 and 6 pm.",
            "See what's new in the app.", "Free shipping on orders over $50.", "Reply to keep the conversation going.",
            "Details: https://shop.example.com/terms?ref=push", "Don't forget to rate your last order.",
            "Prices as marked; while supplies last.", "Your points balance is 1,250.",
            "Gate B12 · boarding starts 09:40.", "Tap \"View\" to open the offer.",
            "Check-in opens 24 hours before departure.", "Only 3 left in your size!",
            "Your subscription renews on 2024-07-01.", "A new episode of your favorite show is out now.",
        ])
    )

    static let french = Language(
        titles: bytes([
            "Votre commande a été expédiée", "Soldes d'été : jusqu'à -50 %", "Nouveau message de Zoé",
            "Économisez 20 € dès maintenant", "Votre colis arrive aujourd'hui", "Rappel : rendez-vous demain à 10 h",
        ]),
        sentences: bytes([
            "Appuyez pour suivre votre colis.", "Offre valable jusqu'à dimanche minuit.",
            "Profitez de la livraison gratuite dès 49 €.", "Découvrez nos nouveautés de la saison.",
            "Votre panier vous attend : « Pull en laine » et 2 autres articles.", "Ça vous a plu ? Donnez votre avis.",
        ])
    )

    static let german = Language(
        titles: bytes([
            "Ihre Bestellung ist unterwegs", "Nur heute: 30 % Rabatt für Mitglieder", "Größenänderung möglich",
            "Neue Nachricht von Jürgen", "Ihr Paket wurde zugestellt",
            "Jetzt zugreifen – nur solange der Vorrat reicht",
        ]),
        sentences: bytes([
            "Tippen Sie hier, um Ihre Sendung zu verfolgen.", "Gültig bis Sonntag, 23:59 Uhr.",
            "Kostenloser Versand ab 50 €.", "Schöne Grüße aus München!", "Über 200 neue Artikel für den Herbst.",
            "Bitte bestätigen Sie Ihre E-Mail-Adresse.",
        ])
    )

    static let spanish = Language(
        titles: bytes([
            "¡Tu pedido está en camino!", "Oferta relâmpago: até 70% de desconto", "Año nuevo, ofertas nuevas",
            "Zamówienie zostało wysłane", "Vaše objednávka byla odeslána", "Siparişiniz yola çıktı",
            "Ny besked fra Søren", "Η παραγγελία σας στάλθηκε",
        ]),
        sentences: bytes([
            "Toca para ver los detalles del envío.", "¿Olvidaste algo en tu carrito?", "Válido hasta el domingo.",
            "Aproveite o frete grátis acima de R$ 99.", "Dziękujemy za zakupy w naszym sklepie.",
            "Děkujeme, že nakupujete u nás.", "Kargo takip numaranız: TR4829301.", "Tak for din ordre – vi pakker nu.",
        ])
    )

    static let cjk = Language(
        titles: bytes([
            "ご注文の商品を発送しました", "本日限定セール", "新着メッセージがあります", "您的订单已发货",
            "限时优惠：全场五折", "新消息", "주문하신 상품이 발송되었습니다", "오늘만 특가!",
        ]),
        sentences: bytes([
            "タップして配送状況を確認してください。", "ポイントが2倍になるキャンペーン実施中！", "カートに商品が残っています。",
            "点击查看物流详情。", "优惠券将于今晚到期，请尽快使用。", "您关注的商品降价了。",
            "배송 조회는 앱에서 확인하세요.", "쿠폰이 곧 만료됩니다.",
        ])
    )

    static let cyrillicArabic = Language(
        titles: bytes([
            "Ваш заказ отправлен", "Скидки до 50% только сегодня", "Новое сообщение от Ольги",
            "تم شحن طلبك", "עדכון חדש זמין",
        ]),
        sentences: bytes([
            "Нажмите, чтобы отследить посылку.", "Предложение действует до воскресенья.",
            "Бесплатная доставка от 3000 ₽.", "اضغط لتتبع شحنتك.", "العرض ساري حتى منتصف الليل.",
        ])
    )

    static let emoji: [[UInt8]] = bytes([
        "🎉", "🔥", "🛒", "❤️", "👟", "✈️", "🍕", "⏰", "📦", "✨", "🇫🇷", "👨‍👩‍👧", "💳", "🎁", "⚡", "☕",
    ])

    /// A language by the share real traffic might show: mostly English, then European, CJK, others.
    static func language(_ rng: inout SeededRandom) -> Language {
        let r = rng.below(100)
        switch r {
        case 0..<55: return english
        case 55..<64: return french
        case 64..<72: return german
        case 72..<82: return spanish
        case 82..<94: return cjk
        default: return cyrillicArabic
        }
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    static let base64Digits: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let tokenDigits: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func hex(_ count: Int, _ rng: inout SeededRandom) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        for k in 0..<count { out[k] = hexDigits[rng.below(16)] }
        return out
    }

    static func digits(_ count: Int, _ rng: inout SeededRandom) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        for k in 0..<count { out[k] = UInt8(ascii: "0") + UInt8(k == 0 ? 1 + rng.below(9) : rng.below(10)) }
        return out
    }

    static func token(_ count: Int, _ rng: inout SeededRandom, alphabet: [UInt8] = tokenDigits) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        for k in 0..<count { out[k] = alphabet[rng.below(alphabet.count)] }
        return out
    }

    static func uuid(_ rng: inout SeededRandom, upper: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (index, length) in [8, 4, 4, 4, 12].enumerated() {
            if index > 0 { out.append(UInt8(ascii: "-")) }
            for _ in 0..<length {
                let digit = hexDigits[rng.below(16)]
                out.append(upper && digit >= UInt8(ascii: "a") ? digit - 32 : digit)
            }
        }
        return out
    }

    static let hosts: [[UInt8]] = bytes([
        "https://shop.example.com", "https://www.example.fr", "https://m.example.de", "https://cdn.example-media.com",
        "https://news.example.org", "https://app.example.io", "https://tjs.cordialdev.com",
    ])
    static let schemes: [[UInt8]] = bytes(["myapp://", "shopapp://", "exampleapp://", "app://"])
    static let pathWords: [[UInt8]] = bytes([
        "product", "p", "sale", "cart", "orders", "article", "deals", "category", "inbox", "profile", "event",
        "summer-2024", "shoes", "checkout", "track",
    ])
    static let utmSources: [[UInt8]] = bytes(["push", "exponea", "braze", "cordial", "newsletter"])
    static let campaignNames: [[UInt8]] = bytes([
        "Spring sale", "Abandoned cart 2h", "Welcome series #3", "Back in stock – sneakers", "Weekly digest",
        "Win-back 30d", "Price drop", "Black Friday early access", "Wassil's push", "Use Case 001: alfa",
    ])

    static func url(_ rng: inout SeededRandom, deepLink: Bool = false, image: Bool = false) -> [UInt8] {
        var out = deepLink ? rng.pick(schemes) : rng.pick(hosts)
        if !deepLink { out.append(UInt8(ascii: "/")) }
        out += rng.pick(pathWords)
        out.append(UInt8(ascii: "/"))
        out += digits(rng.int(3...8), &rng)
        if image {
            out += Array((rng.below(3) == 0 ? ".png" : ".jpg").utf8)
        } else if rng.below(3) == 0 {
            out += Array("?utm_source=".utf8) + rng.pick(utmSources) + Array("&utm_medium=push&utm_campaign=".utf8)
            out += digits(rng.int(4...6), &rng)
        }
        return out
    }

    /// The app's own keys beside the sender's, by the kind of value they carry.
    static let idKeys: [[UInt8]] = bytes([
        "product_id", "order_id", "sku", "store_id", "experiment", "variant", "ref", "promo_code", "article_id",
        "thread", "tracking", "list_id", "user_segment", "content_id", "conversation_id",
    ])
    static let numberKeys: [[UInt8]] = bytes([
        "price", "quantity", "unread_count", "priority_hint", "ttl_minutes", "rating",
    ])
    static let urlKeys: [[UInt8]] = bytes(["web_link", "image_url", "thumbnail", "share_url", "landing_page", "icon"])
    static let textKeys: [[UInt8]] = bytes([
        "preview", "description", "summary", "details", "subtitle_text", "sender_name", "footer", "disclaimer",
    ])
    static let flagKeys: [[UInt8]] = bytes(["is_test", "show_in_inbox", "sticky", "vibrate"])
}
