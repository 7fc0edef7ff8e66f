if(navigator.maxTouchPoints>1){document.querySelectorAll("[data-platform]").forEach(function(s){s.hidden=s.dataset.platform!=="ios"})}
