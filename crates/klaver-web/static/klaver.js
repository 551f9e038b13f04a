// klaver's console: the score and matchpoints of a result as it is typed, and every
// table's progress, refreshed while the page is open; the round clock on the phones. Nothing here is needed to enter
// a result: the forms work without it.
(function () {
  "use strict";
  var form = document.getElementById("entry");
  var out = document.getElementById("check");
  if (form && out) {
    var timer = null;
    var check = function () {
      var data = new URLSearchParams(new FormData(form));
      fetch(form.getAttribute("data-check") + "?" + data.toString(), { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (j) {
          out.textContent = j.message;
          out.className = j.ok ? "ok" : "error";
        })
        .catch(function () { out.textContent = ""; });
    };
    form.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(check, 150);
    });
  }
  var progress = document.getElementById("progress");
  if (progress) {
    setInterval(function () {
      fetch(progress.getAttribute("data-src"), { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (t) { if (t !== null) { progress.innerHTML = t; } })
        .catch(function () {});
    }, 3000);
  }
  // The round clock on the tables' phones: the time left, counted down each second
  // from the deadline the server gave (seconds since 1970).
  var clocks = document.querySelectorAll("[data-deadline]");
  if (clocks.length) {
    var tick = function () {
      var now = Date.now() / 1000;
      clocks.forEach(function (c) {
        var left = Math.round(Number(c.getAttribute("data-deadline")) - now);
        if (left <= 0) {
          c.textContent = c.getAttribute("data-up");
        } else {
          var s = left % 60;
          c.textContent = Math.floor(left / 60) + ":" + (s < 10 ? "0" : "") + s;
        }
      });
    };
    tick();
    setInterval(tick, 1000);
  }
})();
