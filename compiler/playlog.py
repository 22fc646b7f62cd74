"""A game's structured log, told in Portuguese, English or Vietnamese.

The runtime logs events as data (``{event, params, src}``); this module renders them
for people: card and location names in the chosen language, survivors by their
proper names, one sentence per event in the project's own words. An event without
a sentence of its own is shown with its name and values, names still translated.
"""
from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    "setup": {"en": "Main objective: {objective}. Morale {morale}, {rounds} rounds. {first} goes first.",
              "pt": "Objetivo principal: {objective}. Moral {morale}, {rounds} rodadas. {first} começa.",
              "vi": "Mục tiêu chính: {objective}. Tinh thần {morale}, {rounds} vòng. {first} đi trước."},
    "round": {"en": "— Round {round} ({track} left on the round track) —",
              "pt": "— Rodada {round} ({track} no marcador de rodadas) —",
              "vi": "— Vòng {round} (còn {track} trên thanh vòng chơi) —"},
    "crisis": {"en": "Crisis revealed: {card}.", "pt": "Crise revelada: {card}.", "vi": "Lật khủng hoảng: {card}."},
    "action_dice": {"en": "{player} rolls action dice: {dice}.", "pt": "{player} rola os dados de ação: {dice}.",
                    "vi": "{player} tung xúc xắc hành động: {dice}."},
    "turn": {"en": "{player}'s turn.", "pt": "Vez de {player}.", "vi": "Lượt của {player}."},
    "crossroads_drawn": {"en": "{by} draws a crossroads card.", "pt": "{by} compra uma carta de encruzilhada.",
                         "vi": "{by} rút một lá ngã tư."},
    "crossroads": {"en": "Crossroads! {read_by} reads {card} to {player}.",
                   "pt": "Encruzilhada! {read_by} lê {card} para {player}.",
                   "vi": "Ngã tư! {read_by} đọc {card} cho {player}."},
    "chose": {"en": "Option {option} is chosen.", "pt": "Escolhida a opção {option}.", "vi": "Chọn phương án {option}."},
    "moved": {"en": "{survivor} moves from {from} to {to}.", "pt": "{survivor} vai de {from} para {to}.",
              "vi": "{survivor} đi từ {from} đến {to}."},
    "exposure": {"en": "Exposure roll for {survivor}: {face}.", "pt": "Exposição de {survivor}: {face}.",
                 "vi": "Tung phơi nhiễm cho {survivor}: {face}."},
    "zombie_killed": {"en": "{survivor} kills a zombie at {location}.", "pt": "{survivor} mata um zumbi em {location}.",
                      "vi": "{survivor} giết một thây ma tại {location}."},
    "attack_survivor": {"en": "{survivor} attacks {target} (roll {roll}): {hit}.",
                        "pt": "{survivor} ataca {target} (dado {roll}): {hit}.",
                        "vi": "{survivor} tấn công {target} (xúc xắc {roll}): {hit}."},
    "stole": {"en": "{player} takes a random card from {from}.", "pt": "{player} pega uma carta ao acaso de {from}.",
              "vi": "{player} lấy ngẫu nhiên một lá của {from}."},
    "searched": {"en": "{player} searches {location}: looks at {looked}, keeps {kept}.",
                 "pt": "{player} explora {location}: olha {looked}, fica com {kept}.",
                 "vi": "{player} lục soát {location}: xem {looked}, giữ {kept}."},
    "equipped": {"en": "{player} equips {card} to {survivor}.", "pt": "{player} equipa {card} em {survivor}.",
                 "vi": "{player} trang bị {card} cho {survivor}."},
    "played": {"en": "{player} plays {card}.", "pt": "{player} joga {card}.", "vi": "{player} chơi {card}."},
    "given": {"en": "{from} gives {card} to {to}.", "pt": "{from} dá {card} a {to}.", "vi": "{from} đưa {card} cho {to}."},
    "crisis_card": {"en": "{player} adds a card to the crisis, face down.",
                    "pt": "{player} põe uma carta virada para baixo na crise.",
                    "vi": "{player} úp một lá vào khủng hoảng."},
    "exile_vote": {"en": "{by} calls a vote to exile {target}: {yes} yes, {no} no.",
                   "pt": "{by} pede votação para exilar {target}: {yes} sim, {no} não.",
                   "vi": "{by} đề nghị bỏ phiếu trục xuất {target}: {yes} đồng ý, {no} phản đối."},
    "killed": {"en": "{survivor} is killed ({cause}).", "pt": "{survivor} morre ({cause}).",
               "vi": "{survivor} bị giết ({cause})."},
    "morale": {"en": "Morale {from} → {to}.", "pt": "Moral {from} → {to}.", "vi": "Tinh thần {from} → {to}."},
    "food_paid": {"en": "The colony eats {food} food.", "pt": "A colônia consome {food} de comida.",
                  "vi": "Thuộc địa ăn {food} thức ăn."},
    "starvation": {"en": "Not enough food ({needed} needed): starvation token {tokens}.",
                   "pt": "Comida insuficiente ({needed} necessárias): ficha de fome {tokens}.",
                   "vi": "Không đủ thức ăn (cần {needed}): thẻ đói thứ {tokens}."},
    "waste": {"en": "{cards} cards in the waste pile.", "pt": "{cards} cartas no lixo.",
              "vi": "{cards} lá trong đống rác."},
    "crisis_result": {"en": "Crisis {card}: {points} points, {needed} needed.",
                      "pt": "Crise {card}: {points} pontos, {needed} necessários.",
                      "vi": "Khủng hoảng {card}: {points} điểm, cần {needed}."},
    "zombies_arrive": {"en": "{count} zombies come to {location}.", "pt": "{count} zumbis chegam a {location}.",
                       "vi": "{count} thây ma kéo đến {location}."},
    "noise_roll": {"en": "Noise at {location}: rolled {roll}.", "pt": "Barulho em {location}: saiu {roll}.",
                   "vi": "Tiếng ồn ở {location}: ra {roll}."},
    "overrun": {"en": "Entrance {entrance} of {location} is overrun!",
                "pt": "A entrada {entrance} de {location} é invadida!",
                "vi": "Lối vào {entrance} của {location} bị tràn qua!"},
    "barricade_destroyed": {"en": "A barricade at {location} breaks.", "pt": "Uma barricada em {location} cede.",
                            "vi": "Một rào chắn ở {location} bị phá."},
    "bite_spread": {"en": "The bite spreads to {to}.", "pt": "A mordida passa para {to}.",
                    "vi": "Vết cắn lan sang {to}."},
    "round_track": {"en": "Round track: {track}.", "pt": "Marcador de rodadas: {track}.", "vi": "Thanh vòng chơi: {track}."},
    "objective_completed": {"en": "The main objective is complete!", "pt": "O objetivo principal foi cumprido!",
                            "vi": "Mục tiêu chính đã hoàn thành!"},
    "game_over": {"en": "The game ends ({ending}).", "pt": "A partida termina ({ending}).",
                  "vi": "Ván chơi kết thúc ({ending})."},
    "result": {"en": "Winners: {winners}.", "pt": "Vencedores: {winners}.", "vi": "Người thắng: {winners}."},
    "manual_step": {"en": "At the table: {instruction}", "pt": "Na mesa: {instruction}", "vi": "Tại bàn: {instruction}"},
    "new_group_leader": {"en": "{player} brings in {survivor} as group leader.",
                         "pt": "{player} traz {survivor} como líder do grupo.",
                         "vi": "{player} đưa {survivor} vào làm thủ lĩnh nhóm."},
    "survivor_added": {"en": "{survivor} joins {player}.", "pt": "{survivor} se junta a {player}.",
                       "vi": "{survivor} gia nhập nhóm của {player}."},
    "placed": {"en": "{survivor} is placed at {location}.", "pt": "{survivor} é colocado em {location}.",
               "vi": "{survivor} được đặt tại {location}."},
    "exiled_objectives_out": {"en": "No exiled secret objective is left for {player}.",
                              "pt": "Não resta objetivo secreto de exilado para {player}.",
                              "vi": "Không còn mục tiêu bí mật khi bị trục xuất cho {player}."},
    "exiled_objective": {"en": "{player} draws an exiled secret objective.",
                         "pt": "{player} compra um objetivo secreto de exilado.",
                         "vi": "{player} rút một mục tiêu bí mật khi bị trục xuất."},
    "exiled_objective_is": {"en": "Your exiled secret objective: {card}.",
                            "pt": "Seu objetivo secreto de exilado: {card}.",
                            "vi": "Mục tiêu bí mật khi bị trục xuất của bạn: {card}."},
    "two_exiled_loyal": {"en": "Two loyal players are exiled: morale falls to 0.",
                         "pt": "Dois jogadores leais exilados: o moral cai a 0.",
                         "vi": "Hai người chơi trung thành bị trục xuất: tinh thần về 0."},
    "kill_zombies": {"en": "{count} zombies killed at {location}.", "pt": "{count} zumbis mortos em {location}.",
                     "vi": "{count} thây ma bị giết tại {location}."},
    "add_zombies": {"en": "{count} zombies added to {location}.", "pt": "{count} zumbis adicionados a {location}.",
                    "vi": "Thêm {count} thây ma vào {location}."},
    "remove_zombies": {"en": "{count} zombies removed from {location}.", "pt": "{count} zumbis retirados de {location}.",
                       "vi": "Bỏ {count} thây ma khỏi {location}."},
    "add_tokens": {"en": "{count} {token} added to {place}.", "pt": "{count} × {token} em {place}.",
                   "vi": "Thêm {count} {token} vào {place}."},
    "remove_tokens": {"en": "{count} {token} removed from {place}.", "pt": "{count} × {token} retirados de {place}.",
                      "vi": "Bỏ {count} {token} khỏi {place}."},
    "change_morale": {"en": "Morale {amount}.", "pt": "Moral {amount}.", "vi": "Tinh thần {amount}."},
    "wound": {"en": "{survivor} takes {count} {kind}.", "pt": "{survivor} recebe {count} × {kind}.",
              "vi": "{survivor} nhận {count} {kind}."},
    "heal": {"en": "{survivor} heals {count} wound.", "pt": "{survivor} cura {count} ferimento.",
             "vi": "{survivor} hồi {count} vết thương."},
    "roll": {"en": "A die is rolled: {result}.", "pt": "Rola-se um dado: {result}.", "vi": "Tung xúc xắc: {result}."},
    "vote": {"en": "The vote is decided: option {winner}.", "pt": "A votação decide: opção {winner}.",
             "vi": "Kết quả bỏ phiếu: phương án {winner}."},
    "skip_exposure": {"en": "No exposure roll this time.", "pt": "Sem rolagem de exposição desta vez.",
                      "vi": "Lần này không tung phơi nhiễm."},
    "draw_cards": {"en": "{player} draws {count} cards.", "pt": "{player} compra {count} cartas.",
                   "vi": "{player} rút {count} lá."},
    "drew": {"en": "{player} draws {count} cards.", "pt": "{player} compra {count} cartas.",
             "vi": "{player} rút {count} lá."},
    "action": {"en": "{player}: {action}.", "pt": "{player}: {action}.", "vi": "{player}: {action}."},
}

#: what card effects log: one line per host action a node kind asks for (compiler/catalogue.py, RUNTIME)
MESSAGES.update({
    "add_survivor": {"en": "{survivor} joins the group of {player}.", "pt": "{survivor} entra no grupo de {player}.",
                     "vi": "{survivor} gia nhập nhóm của {player}."},
    "arrange": {"en": "{player} puts the top cards of a deck back in an order of their choice.",
                "pt": "{player} devolve as cartas do topo de um baralho na ordem que escolheu.",
                "vi": "{player} đặt lại các lá trên cùng của một chồng bài theo thứ tự mình chọn."},
    "cannot_pay": {"en": "The cost cannot be paid: nothing happens.", "pt": "O custo não pode ser pago: nada acontece.",
                   "vi": "Không trả được chi phí: không có gì xảy ra."},
    "change_die": {"en": "An action die changes by {amount}.", "pt": "Um dado de ação muda em {amount}.",
                   "vi": "Một xúc xắc hành động đổi {amount}."},
    "combat_strength": {"en": "{player} gains {amount} combat strength.", "pt": "{player} ganha {amount} de força de combate.",
                        "vi": "{player} được thêm {amount} sức mạnh chiến đấu."},
    "damage": {"en": "The colony of {player} takes {amount} damage.", "pt": "A colônia de {player} sofre {amount} de dano.",
               "vi": "Thuộc địa của {player} chịu {amount} sát thương."},
    "end_game": {"en": "A card ends the game.", "pt": "Uma carta encerra o jogo.", "vi": "Một lá bài kết thúc trò chơi."},
    "end_warfare": {"en": "The colony warfare ends at once.", "pt": "A guerra entre colônias termina na hora.",
                    "vi": "Cuộc chiến giữa các thuộc địa kết thúc ngay."},
    "fill_noise": {"en": "Noise fills {location}.", "pt": "O barulho toma conta de {location}.",
                   "vi": "Tiếng ồn lấp đầy {location}."},
    "give_cards": {"en": "Cards are handed to {player}.", "pt": "Cartas são entregues a {player}.",
                   "vi": "Các lá bài được trao cho {player}."},
    "kill_survivor": {"en": "A card kills {survivor}.", "pt": "Uma carta mata {survivor}.", "vi": "Một lá bài giết {survivor}."},
    "look_at": {"en": "{player} looks at hidden cards.", "pt": "{player} olha cartas escondidas.",
                "vi": "{player} xem các lá bài úp."},
    "make_leader": {"en": "{survivor} becomes the group leader of {player}.", "pt": "{survivor} passa a liderar o grupo de {player}.",
                    "vi": "{survivor} trở thành trưởng nhóm của {player}."},
    "move_cards": {"en": "Cards change piles: {cards}.", "pt": "Cartas mudam de pilha: {cards}.",
                   "vi": "Các lá bài đổi chồng: {cards}."},
    "move_survivor": {"en": "A card moves {survivor} to {location}.", "pt": "Uma carta move {survivor} para {location}.",
                      "vi": "Một lá bài đưa {survivor} đến {location}."},
    "move_zombies": {"en": "{count} zombies go from {source} to {target}.", "pt": "{count} zumbis vão de {source} para {target}.",
                     "vi": "{count} thây ma đi từ {source} đến {target}."},
    "no_option": {"en": "No option can be chosen: nothing happens.", "pt": "Nenhuma opção pode ser escolhida: nada acontece.",
                  "vi": "Không lựa chọn nào chọn được: không có gì xảy ra."},
    "perform": {"en": "{survivor} acts for a card.", "pt": "{survivor} age por causa de uma carta.",
                "vi": "{survivor} hành động theo một lá bài."},
    "place_survivor": {"en": "{survivor} is put at {location} (not a move).", "pt": "{survivor} é posto em {location} (não é movimento).",
                       "vi": "{survivor} được đặt tại {location} (không tính là di chuyển)."},
    "remove_from_game": {"en": "{thing} leaves the game.", "pt": "{thing} sai do jogo.", "vi": "{thing} rời khỏi trò chơi."},
    "reveal_cards": {"en": "{player} reveals {count} cards.", "pt": "{player} revela {count} cartas.",
                     "vi": "{player} lật {count} lá bài."},
    "set_die": {"en": "An action die is turned to {value}.", "pt": "Um dado de ação é virado para {value}.",
                "vi": "Một xúc xắc hành động được xoay sang mặt {value}."},
    "skip_die_raise": {"en": "This food raises no action die.", "pt": "Esta comida não aumenta dado de ação.",
                       "vi": "Thức ăn này không tăng xúc xắc hành động."},
    "skip_warfare": {"en": "No colony warfare at {location} this time.", "pt": "Sem guerra entre colônias em {location} desta vez.",
                     "vi": "Lần này không có chiến tranh thuộc địa tại {location}."},
    "spend_dice": {"en": "{player} puts {count} unused action dice with the used ones.",
                   "pt": "{player} passa {count} dados de ação não usados para os usados.",
                   "vi": "{player} chuyển {count} xúc xắc hành động chưa dùng sang phần đã dùng."},
    "spread_bite": {"en": "The bite of {survivor} spreads.", "pt": "A mordida de {survivor} se espalha.",
                    "vi": "Vết cắn của {survivor} lây lan."},
    "take_cards": {"en": "{player} takes {count} cards.", "pt": "{player} pega {count} cartas.",
                   "vi": "{player} lấy {count} lá bài."},
})
#: Warring Colonies lines: events of the variant, and base events told for one colony (params with "colony")
MESSAGES_COLONY: dict[str, dict[str, str]] = {
    "setup": {"en": "Main objective: {objective}. Morale {morale}; {rounds} rounds. Colony leaders: {leaders}. "
                    "Bullets: {bullets}.",
              "pt": "Objetivo principal: {objective}. Moral {morale}; {rounds} rodadas. Líderes das colônias: "
                    "{leaders}. Munição: {bullets}.",
              "vi": "Mục tiêu chính: {objective}. Tinh thần {morale}; {rounds} vòng. Lãnh đạo thuộc địa: {leaders}. "
                    "Đạn: {bullets}."},
    "turns": {"en": "Turns of {players}, together.", "pt": "Vez de {players}, ao mesmo tempo.",
              "vi": "Lượt của {players}, cùng lúc."},
    "morale_tie_roll": {"en": "Equal morale: a die decides the order ({roll}).",
                        "pt": "Moral empatado: um dado decide a ordem ({roll}).",
                        "vi": "Tinh thần bằng nhau: xúc xắc quyết định thứ tự ({roll})."},
    "warfare_order_roll": {"en": "Equal morale: a die decides the combat order ({roll}).",
                           "pt": "Moral empatado: um dado decide a ordem dos combates ({roll}).",
                           "vi": "Tinh thần bằng nhau: xúc xắc quyết định thứ tự giao chiến ({roll})."},
    "movement_pass": {"en": "{player} moves no more survivors.", "pt": "{player} não move mais sobreviventes.",
                      "vi": "{player} không di chuyển thêm người sống sót."},
    "timer_started": {"en": "{by} is done: the timer runs ({budget} actions left for the other player).",
                      "pt": "{by} terminou: a ampulheta corre ({budget} ações para o outro jogador).",
                      "vi": "{by} đã xong: đồng hồ chạy (người còn lại có {budget} hành động)."},
    "time_up": {"en": "Time is up for {player}.", "pt": "Acabou o tempo de {player}.", "vi": "Hết giờ của {player}."},
    "laid_down": {"en": "{survivor} is bitten and lies down until the actions end.",
                  "pt": "{survivor} é mordido e fica deitado até o fim das ações.",
                  "vi": "{survivor} bị cắn và nằm xuống đến hết bước hành động."},
    "crossroads_triggered": {"en": "A crossroads card of {player} is triggered; it waits for the end of the turns.",
                             "pt": "Uma carta de encruzilhada de {player} foi ativada; espera o fim dos turnos.",
                             "vi": "Lá ngã tư của {player} được kích hoạt; chờ đến hết lượt."},
    "warfare": {"en": "Colony warfare at {location}!", "pt": "Combate entre as colônias em {location}!",
                "vi": "Trận chiến giữa các thuộc địa tại {location}!"},
    "warfare_skipped": {"en": "No warfare at {location}.", "pt": "Sem combate em {location}.",
                        "vi": "Không có giao chiến tại {location}."},
    "warfare_ended": {"en": "Both leaders stand ON GUARD: the warfare at {location} ends.",
                      "pt": "Os dois líderes jogam EM GUARDA: o combate em {location} termina.",
                      "vi": "Cả hai lãnh đạo đều phòng thủ: giao chiến tại {location} kết thúc."},
    "tactics": {"en": "Tactics revealed: {a} against {b}.", "pt": "Táticas reveladas: {a} contra {b}.",
                "vi": "Lật chiến thuật: {a} đấu {b}."},
    "combat_survivors": {"en": "Combat strength with the survivors: {strength}.",
                         "pt": "Força de combate com os sobreviventes: {strength}.",
                         "vi": "Sức mạnh chiến đấu tính cả người sống sót: {strength}."},
    "bullet_bids": {"en": "Bullets bid: {bids}; strength {strength}.", "pt": "Munição apostada: {bids}; força {strength}.",
                    "vi": "Đạn đặt cược: {bids}; sức mạnh {strength}."},
    "combat_die": {"en": "{colony} rolls the combat die: {face} {value}.",
                   "pt": "{colony} rola o dado de combate: {face} {value}.",
                   "vi": "{colony} tung xúc xắc chiến đấu: {face} {value}."},
    "combat_result": {"en": "Final strength at {location}: {strength} (difference {difference}).",
                      "pt": "Força final em {location}: {strength} (diferença {difference}).",
                      "vi": "Sức mạnh cuối cùng tại {location}: {strength} (chênh lệch {difference})."},
    "combat_won": {"en": "{colony} wins the warfare at {location}.", "pt": "{colony} vence o combate em {location}.",
                   "vi": "{colony} thắng trận chiến tại {location}."},
    "undefended_colony": {"en": "{colony} is undefended against {enemies} enemy survivors: morale {morale}.",
                          "pt": "{colony} está sem defesa contra {enemies} sobreviventes inimigos: moral {morale}.",
                          "vi": "{colony} không có phòng thủ trước {enemies} người sống sót địch: tinh thần {morale}."},
    "bullets_added": {"en": "Each colony gets 2 bullets: {bullets}.", "pt": "Cada colônia recebe 2 de munição: {bullets}.",
                      "vi": "Mỗi thuộc địa nhận 2 đạn: {bullets}."},
    "colony_leader": {"en": "{colony} elects {leader} ({votes}).", "pt": "{colony} elege {leader} ({votes}).",
                      "vi": "{colony} bầu {leader} ({votes})."},
    "colonies_lost": {"en": "Morale 0: {colonies} lost.", "pt": "Moral 0: {colonies} perdeu.",
                      "vi": "Tinh thần 0: {colonies} thua."},
    "sent_home": {"en": "{survivor} goes back home.", "pt": "{survivor} volta para casa.",
                  "vi": "{survivor} trở về thuộc địa."},
    "zombie_at_held_entrance": {"en": "A zombie finds entrance {entrance} of {location} held: {survivor} is wounded "
                                      "and goes home.",
                                "pt": "Um zumbi encontra a entrada {entrance} de {location} ocupada: {survivor} é "
                                      "ferido e volta para casa.",
                                "vi": "Thây ma gặp lối vào {entrance} của {location} đã có người: {survivor} bị "
                                      "thương và trở về."},
    "spoils_equipped": {"en": "{card} is taken and equipped to {survivor}.", "pt": "{card} é tomado e equipado em {survivor}.",
                        "vi": "{card} bị lấy và trang bị cho {survivor}."},
    "food_paid": {"en": "{colony} eats {food} food.", "pt": "{colony} consome {food} de comida.",
                  "vi": "{colony} ăn {food} thức ăn."},
    "starvation": {"en": "{colony} lacks food ({needed} needed): starvation token {tokens}.",
                   "pt": "{colony} não tem comida ({needed} necessárias): ficha de fome {tokens}.",
                   "vi": "{colony} thiếu thức ăn (cần {needed}): thẻ đói thứ {tokens}."},
    "waste": {"en": "{colony}: {cards} cards in its waste pile, morale {morale}.",
              "pt": "{colony}: {cards} cartas no seu lixo, moral {morale}.",
              "vi": "{colony}: {cards} lá trong đống rác, tinh thần {morale}."},
    "morale": {"en": "{colony} morale {from} → {to}.", "pt": "Moral de {colony}: {from} → {to}.",
               "vi": "Tinh thần {colony}: {from} → {to}."},
    "objective_completed": {"en": "{colony} completes the main objective!", "pt": "{colony} cumpre o objetivo principal!",
                            "vi": "{colony} hoàn thành mục tiêu chính!"},
    "result": {"en": "Winners: {winners}.", "pt": "Vencedores: {winners}.", "vi": "Người thắng: {winners}."},
    "lone_wolf": {"en": "{player} is the Lone Wolf (its missions and objective are stand-ins).",
                  "pt": "{player} é o Lobo Solitário (missões e objetivo substitutos).",
                  "vi": "{player} là Lone Wolf (nhiệm vụ và mục tiêu là bản thay thế)."},
    "lone_wolf_objective": {"en": "The Lone Wolf's secret objective: {objective}.",
                            "pt": "Objetivo secreto do Lobo Solitário: {objective}.",
                            "vi": "Mục tiêu bí mật của Lone Wolf: {objective}."},
    "lone_wolf_turn": {"en": "The Lone Wolf's turn ({player}).", "pt": "Vez do Lobo Solitário ({player}).",
                       "vi": "Lượt của Lone Wolf ({player})."},
    "lone_wolf_die_spent": {"en": "The Lone Wolf spends a die ({die}) to send {sends_home} home.",
                            "pt": "O Lobo Solitário gasta um dado ({die}) para mandar {sends_home} para casa.",
                            "vi": "Lone Wolf dùng một xúc xắc ({die}) để đưa {sends_home} về nhà."},
    "lone_wolf_flees": {"en": "The Lone Wolf flees from {location}: {survivors}.",
                        "pt": "O Lobo Solitário foge de {location}: {survivors}.",
                        "vi": "Lone Wolf bỏ chạy khỏi {location}: {survivors}."},
    "lone_wolf_joins": {"en": "The Lone Wolf joins {colony} at {location}.",
                        "pt": "O Lobo Solitário se junta à {colony} em {location}.",
                        "vi": "Lone Wolf về phe {colony} tại {location}."},
    "lone_wolf_left": {"en": "{player}, the Lone Wolf, is out of morale and leaves the game.",
                       "pt": "{player}, o Lobo Solitário, fica sem moral e sai da partida.",
                       "vi": "{player}, Lone Wolf, hết tinh thần và rời ván chơi."},
    "lone_wolf_placed": {"en": "{survivor} goes to {location}.", "pt": "{survivor} vai para {location}.",
                         "vi": "{survivor} đến {location}."},
    "mission_completed": {"en": "The Lone Wolf completes the mission {mission}.",
                          "pt": "O Lobo Solitário cumpre a missão {mission}.",
                          "vi": "Lone Wolf hoàn thành nhiệm vụ {mission}."},
    "mission_swapped": {"en": "The Lone Wolf swaps the mission {discarded} for a new one.",
                        "pt": "O Lobo Solitário troca a missão {discarded} por outra.",
                        "vi": "Lone Wolf đổi nhiệm vụ {discarded} lấy nhiệm vụ mới."},
    "no_bullets_for_lone_wolf": {"en": "The Lone Wolf gets no bullets.", "pt": "O Lobo Solitário não ganha munição.",
                                 "vi": "Lone Wolf không nhận đạn."},
    "helpless_ignored": {"en": "The Lone Wolf ignores helpless survivors.",
                         "pt": "O Lobo Solitário ignora sobreviventes indefesos.",
                         "vi": "Lone Wolf bỏ qua người sống sót yếu thế."},
}
COLONY = {"en": ("colony A", "colony B", "both colonies", "the Lone Wolf's den", "bullet supply of {c}", "the Lone Wolf"),
          "pt": ("colônia A", "colônia B", "as duas colônias", "covil do Lobo Solitário", "munição da {c}",
                 "Lobo Solitário"),
          "vi": ("thuộc địa A", "thuộc địa B", "cả hai thuộc địa", "hang của Lone Wolf", "kho đạn của {c}", "Lone Wolf")}
STAND_IN = {"en": "stand-in {kind} {n}", "pt": "{kind} substituta {n}", "vi": "{kind} thay thế {n}"}
STAND_IN_KIND = {"crisis": {"en": "crisis", "pt": "crise", "vi": "khủng hoảng"},
                 "tactic": {"en": "tactic", "pt": "tática", "vi": "chiến thuật"}}
WORDS = {
    "en": {"hit": "hit", "miss": "miss", "nobody": "nobody", "morale": "morale ran out", "rounds": "out of rounds",
           "objective": "objective complete", "card": "a card ended it", "wounds": "wounds", "bite": "bitten",
           "overrun": "overrun", "effect": "a card", "blank": "blank", "wound": "wound", "frostbite": "frostbite",
           "bitten": "bitten", "noise": "noise", "barricade": "barricade", "helpless": "helpless survivor",
           "food": "food", "attack": "attack", "search": "search", "move": "move", "clean_waste": "clean waste",
           "attract": "attract", "play": "play", "equip": "equip", "crisis": "to the crisis", "end": "end of turn",
           "request": "request", "handoff": "hand off", "exile": "exile vote", "ability": "ability",
           "item": "item ability", "zombie": "a zombie", "bullet": "bullet", "plus": "plus", "target": "target",
           "biohazard": "biohazard"},
    "pt": {"hit": "acertou", "miss": "errou", "nobody": "ninguém", "morale": "o moral acabou",
           "rounds": "acabaram as rodadas", "objective": "objetivo cumprido", "card": "uma carta encerrou",
           "wounds": "ferimentos", "bite": "mordida", "overrun": "invasão", "effect": "uma carta", "blank": "nada",
           "wound": "ferimento", "frostbite": "congelamento", "bitten": "mordida", "noise": "barulho",
           "barricade": "barricada", "helpless": "sobrevivente indefeso", "food": "comida", "attack": "atacar",
           "search": "explorar", "move": "mover", "clean_waste": "limpar o lixo", "attract": "atrair",
           "play": "jogar", "equip": "equipar", "crisis": "para a crise", "end": "fim da vez", "request": "pedir",
           "handoff": "passar item", "exile": "votação de exílio", "ability": "habilidade",
           "item": "habilidade de item", "zombie": "um zumbi", "bullet": "munição", "plus": "mais",
           "target": "alvo", "biohazard": "risco biológico"},
    "vi": {"hit": "trúng", "miss": "trượt", "nobody": "không ai", "morale": "hết tinh thần", "rounds": "hết vòng",
           "objective": "hoàn thành mục tiêu", "card": "một lá bài kết thúc", "wounds": "vết thương",
           "bite": "bị cắn", "overrun": "bị tràn", "effect": "một lá bài", "blank": "trống",
           "wound": "vết thương", "frostbite": "tê cóng", "bitten": "bị cắn", "noise": "tiếng ồn",
           "barricade": "rào chắn", "helpless": "người sống sót yếu thế", "food": "thức ăn", "attack": "tấn công",
           "search": "lục soát", "move": "di chuyển", "clean_waste": "dọn rác", "attract": "dụ thây ma",
           "play": "chơi bài", "equip": "trang bị", "crisis": "góp vào khủng hoảng", "end": "kết thúc lượt",
           "request": "xin bài", "handoff": "chuyền vật phẩm", "exile": "bỏ phiếu trục xuất",
           "ability": "năng lực", "item": "năng lực vật phẩm", "zombie": "một thây ma", "bullet": "đạn",
           "plus": "cộng", "target": "mục tiêu", "biohazard": "nguy hiểm sinh học"},
}


#: events that repeat another line (the interpreter's own record of an action the engine also tells)
QUIET = {"manual", "pay", "change_morale", "attach", "drew_cards", "use_limit"}
SUPPLY = {"en": "the supply", "pt": "o suprimento", "vi": "kho chung"}


class Teller:
    """Renders log lines in one language, with names from the bundle."""

    def __init__(self, bundle: dict, lang: str = "en", instances: dict | None = None):
        self.lang = lang
        self.instances = instances or {}           # a game's card instances ("c:17") -> card ids
        self.names: dict[str, str] = {}
        for card in bundle.get("cards", []):
            name = card.get("name", {})
            text = name.get(lang) or name.get("en") if isinstance(name, dict) else str(name)
            self.names[card["id"]] = text
            short = card["id"].rsplit(".", 1)[-1]
            if card.get("kind") == "survivor":
                self.names["s:" + short] = text
            if card.get("kind") == "location":
                self.names[short.replace("-", "_")] = text
        self.words = WORDS[lang]
        for ruleset in (bundle.get("rulesets") or {}).values():   # stand-in cards of a ruleset, by their names
            for value in (ruleset.get("stand_ins") or {}).values():
                for item in value if isinstance(value, list) else ():
                    if isinstance(item, dict) and "id" in item and "name" in item:
                        self.names[item["id"]] = item["name"]

    def name(self, value: Any) -> str:
        if isinstance(value, bool):
            return self.words["hit" if value else "miss"]
        if isinstance(value, list):
            if value and value[0] in ("attack", "search", "move", "barricade", "attract", "clean_waste", "ability",
                                      "item", "equip", "play", "food", "request", "handoff", "exile", "end"):
                return " ".join(self.name(v) for v in value if not (isinstance(v, int) and value[0] != "food"))
            return ", ".join(self.name(v) for v in value) or self.words["nobody"]
        if isinstance(value, dict) and self.lang in value:          # a localized text
            return value[self.lang]
        if isinstance(value, dict) and value and set(value) <= {"a", "b", "w"}:   # per side: {a: 4, b: 3, w: 4}
            return ", ".join(f"{self.colony(k)} {self.name(v)}" for k, v in value.items())
        if isinstance(value, str):
            if value.startswith("supply:"):
                return SUPPLY[self.lang]
            if value in ("colony_a", "colony_b", "den"):
                return self.colony(value)
            if value.startswith("bullets:"):
                return COLONY[self.lang][4].format(c=self.colony(value.split(":", 1)[1]))
            if value.startswith("stand-in.") and value not in self.names:
                _, kind, n = value.split(".", 2)
                return STAND_IN[self.lang].format(kind=STAND_IN_KIND.get(kind, {}).get(self.lang, kind),
                                                  n=n.rsplit("-", 1)[-1])
            value = self.instances.get(value, value)
            return self.names.get(value) or self.words.get(value) or value
        return str(value)

    def colony(self, which: str) -> str:
        """A colony by its side ("a", "b", "both") or board ("colony_a", "den"), in the teller's language."""
        i = {"a": 0, "colony_a": 0, "b": 1, "colony_b": 1, "both": 2, "den": 3, "w": 5}.get(which)
        if i is None:
            return self.name(which) if not which.startswith("p") else which
        return COLONY[self.lang][i]

    def lines(self, lines: list[dict]) -> list[str]:
        """Every line worth telling (bookkeeping lines that repeat another are left out)."""
        return [self.line(line) for line in lines if line["event"] not in QUIET]

    def line(self, line: dict) -> str:
        raw = line.get("params") or {}
        params = {k: self.colony(v) if k == "colony" and isinstance(v, str) else
                  ", ".join(self.colony(c) for c in v) if k == "colonies" else self.name(v) for k, v in raw.items()}
        told_by_colony = "colony" in raw or "colonies" in raw or line["event"] not in MESSAGES
        for table in ((MESSAGES_COLONY, MESSAGES) if told_by_colony or "leaders" in raw else (MESSAGES,)):
            template = table.get(line["event"], {}).get(self.lang)
            if template is not None:
                try:
                    return template.format(**params)
                except KeyError:
                    continue
        return line["event"].replace("_", " ") + (": " + ", ".join(f"{k} {v}" for k, v in params.items())
                                                  if params else "")
